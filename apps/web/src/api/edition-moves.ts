import type { QueryClient } from '@tanstack/react-query';
import { noteCatalogChange } from './catalog-freshness.ts';
import { queryKeys } from './query-keys.ts';

/**
 * What an owner's move of editions (lock, unlock, export, equip, unequip, a fusion's burn) changes beyond the edition
 * itself: each one's history, the collection's lists, and its product's activity, the NFT and product pages'
 * "Collection activity". Shared by the collection and fusion features, so no move forgets one of them. The activity is
 * a public catalogue read the browser may keep a minute: noting the change makes the next read revalidate it. The
 * product is not known to every move, and a fusion's result is another product: every product's activity is read again
 * (only those on screen are asked for).
 */
export async function invalidateAfterEditionMoves(queryClient: QueryClient, editionIds: string[]): Promise<void> {
  noteCatalogChange();
  await Promise.all(
    [
      ...editionIds.map((id) => queryKeys.editions.history(id)),
      queryKeys.editions.lists(),
      queryKeys.products.allActivities(),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
