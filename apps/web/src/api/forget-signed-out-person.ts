import type { QueryClient } from '@tanstack/react-query';

/**
 * The catalogue's answers are the same for everyone and stay. Drops, passes, fusions and editions are public but say
 * what the viewer holds, may buy or may do (and hold "my" reads: my passes, my raffle entry, my place in a waiting
 * room): the ones on screen are read again as a visitor, the rest go. Everything else (the person's record, money,
 * payment methods, identity, orders, packs, tickets, collection, favorites, check-ins, codes, notifications, the
 * console) is removed, not reset: a reset would refetch at once for observers that have not re-rendered as logged
 * out. What stays is named, so a domain added later is forgotten unless said otherwise.
 */
const sameForEveryone = new Set([
  'countries',
  'brands',
  'licenses',
  'collections',
  'products',
  'categories',
  'tags',
  'banners',
  'terms',
]);
const shapedByTheViewer = new Set(['drops', 'passes', 'fusions', 'editions', 'nfts']);

export function forgetTheSignedOutPerson(queryClient: QueryClient): void {
  const domainOf = ({ queryKey }: { queryKey: readonly unknown[] }) => String(queryKey[0]);
  const isTheirs = (query: { queryKey: readonly unknown[] }) =>
    !sameForEveryone.has(domainOf(query)) && !shapedByTheViewer.has(domainOf(query));
  const isShaped = (query: { queryKey: readonly unknown[] }) => shapedByTheViewer.has(domainOf(query));
  void queryClient.cancelQueries({ predicate: isTheirs });
  queryClient.removeQueries({ predicate: isTheirs });
  queryClient.removeQueries({ predicate: isShaped, type: 'inactive' });
  void queryClient.invalidateQueries({ predicate: isShaped });
}
