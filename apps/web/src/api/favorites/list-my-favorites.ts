import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFavorite, TMyFavoritesQuery, TPage } from '@cypher/contract';
import { useSession } from '../../lib/session.ts';
import { apiRequest } from '../client.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * `GET /v1/favorites/my`: my favorites, newest first, a page at a time; with `targetId`, the one favorite of that
 * product or edition, or none. Beside the client because the heart on the product page (catalog) and on the NFT page
 * (collection) both ask, and My Collection lists them.
 */
async function listMyFavorites(query: Partial<TMyFavoritesQuery>, signal?: AbortSignal): Promise<TPage<TFavorite>> {
  return apiRequest<TPage<TFavorite>>('GET', '/favorites/my', { auth: true, query, signal });
}

function myFavoritesQueryOptions(query: Partial<TMyFavoritesQuery>) {
  return queryOptions({
    queryKey: queryKeys.favorites.mine(query),
    queryFn: ({ signal }) => listMyFavorites(query, signal),
  });
}

export function useMyFavorites(query: { page: number; size: number }) {
  return useQuery({ ...myFavoritesQueryOptions(query), placeholderData: keepPreviousData });
}

/** Whether this product or edition is among my favorites: undefined while signed out or until the answer. */
export function useIsFavorite(targetId: string): { isFavorite: boolean | undefined; isPending: boolean } {
  const { isLoggedIn } = useSession();
  const query = useQuery({ ...myFavoritesQueryOptions({ targetId, size: 1 }), enabled: isLoggedIn });
  return {
    isFavorite: isLoggedIn && query.data ? query.data.total > 0 : undefined,
    isPending: isLoggedIn && query.isPending,
  };
}
