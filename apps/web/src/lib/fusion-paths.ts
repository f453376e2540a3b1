/** Addresses of the fusion pages (spec section 2), shared by the fusion feature and the console's "View on site". */
export function fusionPath(fusionId: string): string {
  return `/fusions/${fusionId}`;
}

/** Where a collector chooses the editions each slot burns. */
export function fusionSlotsPath(fusionId: string): string {
  return `/fusions/${fusionId}/slots`;
}
