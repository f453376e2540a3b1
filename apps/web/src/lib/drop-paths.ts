/**
 * Addresses of the drops and purchase pages, shared by the drops and orders features, the payment page and the
 * notifications (like catalog-paths.ts for the catalogue).
 */
export function dropPath(dropId: string): string {
  return `/drops/${dropId}`;
}

export function dropProvenancePath(dropId: string): string {
  return `/drops/${dropId}/provenance`;
}

/** A raffle round's public draw record, which anyone can recompute. */
export function raffleDrawPath(dropId: string, roundId: string): string {
  return `/drops/${dropId}/raffle/${roundId}`;
}

/** The drops page's "My packs" tab. */
export const myPacksPath = '/drops?tab=packs';

/**
 * Where a pack opens: "My packs" with the pack dialog on top. Spec section 2 has no pack route; packs belong to
 * drops (ARCHITECTURE: the drops domain holds drops, sale policies and packs), so they live on the drops page. The
 * API links a gift pack's notification there too, so the contract holds it.
 */
export { packPath } from '@cypher/contract';

export function purchasePath(orderId: string): string {
  return `/purchase/${orderId}`;
}

/** The API links its purchase notifications and checkout returns to the same page, so the contract holds it. */
export { purchaseStatusPath } from '@cypher/contract';

/** A pass's page (spec section 2: `/pass/{id}/`). */
export function passPath(passId: string): string {
  return `/pass/${passId}`;
}
