import { useClosePackDialog } from '../../ui/pack-dialog-history.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';

/**
 * My Collection's pack dialog, at `?pack=<id>`, over the page and filters it was opened from; closing goes back to
 * them (useClosePackDialog).
 */
export function usePackDialog() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  // A pack opens over this page, which keeps its page: `hrefFor` would start a changed filter at page 1.
  const packHref = (id: string) => hrefFor({ pack: id, page });
  const closePack = useClosePackDialog(() => setFilters({ pack: undefined, page }, { history: 'replace' }));
  return { packId: get('pack'), packHref, closePack };
}
