import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFavorite, TFavoriteRequest } from '@cypher/contract';
import { apiRequest } from '../client.ts';
import { queryKeys } from '../query-keys.ts';

/** `POST /v1/favorites`: favorites a product or an edition. Twice is once, so a retry is safe. */
async function addFavorite(request: TFavoriteRequest): Promise<TFavorite> {
  return apiRequest<TFavorite>('POST', '/favorites', { auth: true, body: request });
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    // Returned, so the mutation stays pending (and the heart stays as shown) until every favorites list is fresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favorites.lists() }),
  });
}
