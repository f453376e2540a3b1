/**
 * "6 December 2026 at 03:14 UTC": a moment as a person reads it in a message the API writes, in the one zone
 * everyone shares (the web formats the ISO time a refusal's details carry in the reader's own zone where it can).
 */
export function readableUtc(at: Date): string {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' });
  return `${format.format(at)} UTC`;
}
