import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What a pack card leaves on the history entry it opens (router state): that entry was pushed from the page under the
 * pack dialog, so the entry before it is that page as it was, and closing can go back to it.
 */
export const packOpenedHere = { isPackOpenedHere: true } as const;

function isPackOpenedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'isPackOpenedHere' in state && state.isPackOpenedHere === true;
}

/**
 * Closing a pack dialog opened at `?pack=<id>` (My Collection, My packs): opening pushed a history entry (a pack card
 * is a link), and closing undoes it. Opened from a card of the page under it, closing goes back, so Back afterwards
 * leaves for the page before rather than landing on the same list again, or opening the pack again. Opened from
 * elsewhere (a deep link, a notification, a new tab), there is no entry of ours to go back to: `closeByReplacing`
 * takes the pack out of the address, without leaving the site.
 */
export function useClosePackDialog(closeByReplacing: () => void): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  // Escape and a click can both ask to close before the Back lands: a second Back would leave the page altogether.
  // Only until the address changes: Forward brings the same entry back, and its dialog must close again.
  const closedEntry = useRef<string | null>(null);
  useEffect(() => {
    closedEntry.current = null;
  }, [location.key]);
  return () => {
    if (closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if (isPackOpenedHere(location.state)) void navigate(-1);
    else closeByReplacing();
  };
}
