/**
 * The address's parameter that opens the purchase popup over a page (features/drops/use-purchase-popup.ts): `1` on a
 * drop's or a pass's page, a ticket kind's id on Tickets.
 */
export const PURCHASE_POPUP_PARAM = 'buy';

/**
 * With `buy`, the quantity the popup opens with: the way back from adding funds carries the choice that was short, so
 * the person finds the packs they were buying, not one (session 78's drop-day hunt). Part of the popup, as `buy` is.
 */
export const PURCHASE_QUANTITY_PARAM = 'quantity';

/**
 * Which page an address shows: its path and query, without the purchase popup's parameters. Opening the popup adds a
 * history entry so that Back closes it, but it is not a route change: no page view (spec section 7) and no progress
 * bar. Hash-only moves within a page are not route changes either.
 */
export function pagePlace({ pathname, search }: { pathname: string; search: string }): string {
  if (!search.includes(`${PURCHASE_POPUP_PARAM}=`)) return `${pathname}${search}`;
  const query = new URLSearchParams(search);
  query.delete(PURCHASE_POPUP_PARAM);
  query.delete(PURCHASE_QUANTITY_PARAM);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
