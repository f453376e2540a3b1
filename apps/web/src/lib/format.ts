/**
 * Numbers and dates as people read them (DESIGN.md "Numbers"): thousands separators, zero shown as zero, English
 * only (spec section 1). Money gets its own formatter in packages/contract when balances arrive.
 */
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 1000 -> "1,000"; 0 -> "0". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "Nov 22, 2026" */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Nov 22, 2026, 3:13 AM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
