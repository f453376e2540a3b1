import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router';
import { PURCHASE_POPUP_PARAM, PURCHASE_QUANTITY_PARAM } from '../../lib/page-place.ts';

/** Marks a history entry this page added to open the popup, so closing it can step back over that entry. */
type TPopupEntryState = { purchasePopup: true };

/** Whether the entry at `location` was added by opening the popup (not arrived at with `?buy=` in its address). */
export function isPopupEntry(location: Location): boolean {
  const state: unknown = location.state;
  return typeof state === 'object' && state !== null && (state as Partial<TPopupEntryState>).purchasePopup === true;
}

/**
 * The purchase popup, open while the address says `?buy=`. Opening it adds a history entry, so the browser's Back
 * (a phone's back gesture above all) closes the popup instead of leaving the page with it; closing it steps back
 * over that entry, so Back afterwards leaves the page as it would have with no popup. Arriving with `?buy=` already
 * in the address (the way back from adding funds, "Please try another card") opens it with no entry of its own to
 * step back over: closing it takes the parameter out of the address in place.
 */
export function usePurchasePopup() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const chosen = searchParams.get(PURCHASE_POPUP_PARAM);
  // Escape, the close button and the backdrop can each ask to close before the Back lands: a second Back would leave
  // the page. Only until the address changes: Forward brings the popup's entry back, and it must close again.
  const closedEntry = useRef<string | null>(null);
  useEffect(() => {
    closedEntry.current = null;
  }, [location.key]);

  const addressWith = (value: string | null) => {
    const search = new URLSearchParams(location.search);
    // Whatever quantity the address opened the popup with was for that opening only.
    search.delete(PURCHASE_QUANTITY_PARAM);
    if (value === null) search.delete(PURCHASE_POPUP_PARAM);
    else search.set(PURCHASE_POPUP_PARAM, value);
    const query = search.toString();
    return { pathname: location.pathname, search: query ? `?${query}` : '', hash: location.hash };
  };

  const open = (value = '1') => {
    if (chosen === value) return;
    const state: TPopupEntryState = { purchasePopup: true };
    // Choosing another kind with a popup open (Tickets) changes its entry in place, keeping what that entry was.
    if (chosen !== null)
      void navigate(addressWith(value), { state: location.state, replace: true, preventScrollReset: true });
    else void navigate(addressWith(value), { state, preventScrollReset: true });
  };
  const close = () => {
    if (chosen === null || closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if (isPopupEntry(location)) void navigate(-1);
    else void navigate(addressWith(null), { replace: true, preventScrollReset: true });
  };
  return { chosen, open, close };
}
