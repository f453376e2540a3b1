import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useUrlFilters } from '../../lib/use-url-filters.ts';

/**
 * What a pack card leaves on the history entry it opens (router state): that entry was pushed from My Collection
 * itself, so the entry before it is this page as it was, and closing can go back to it.
 */
export const packOpenedHere = { fromCollection: true } as const;

function isOpenedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromCollection' in state && state.fromCollection === true;
}

/**
 * My Collection's pack dialog, at `?pack=<id>`: opening pushes a history entry (a pack card is a link), and closing
 * undoes it. Opened from this page, closing goes back, so Back afterwards leaves for the page before rather than
 * landing on the same list again. Opened from elsewhere (a deep link, a notification, a new tab), there is no entry of
 * ours to go back to: closing replaces the address with the page under the dialog, without leaving the site.
 */
export function usePackDialog() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const location = useLocation();
  const navigate = useNavigate();
  // Escape and a click can both ask to close before the Back lands: a second Back would leave the page altogether.
  const closedEntry = useRef<string | null>(null);

  // A pack opens over this page, which keeps its page: `hrefFor` would start a changed filter at page 1.
  const packHref = (id: string) => hrefFor({ pack: id, page });

  function closePack() {
    if (closedEntry.current === location.key) return;
    closedEntry.current = location.key;
    if (isOpenedHere(location.state)) void navigate(-1);
    else setFilters({ pack: undefined, page });
  }

  return { packId: get('pack'), packHref, closePack };
}
