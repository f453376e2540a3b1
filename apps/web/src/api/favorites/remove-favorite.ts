import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../api-error.ts';
import { apiRequest } from '../client.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * `DELETE /v1/favorites/{targetId}`: takes a favorite back. FAVORITE_NOT_FOUND means it is already gone (taken back in
 * another tab, say), which is what the person asked for, so it is no failure here.
 */
async function removeFavorite(targetId: string): Promise<void> {
  try {
    await apiRequest<void>('DELETE', `/favorites/${encodeURIComponent(targetId)}`, { auth: true });
  } catch (error) {
    if (!(isApiError(error) && error.code === 'FAVORITE_NOT_FOUND')) throw error;
  }
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    // Returned, so the mutation stays pending (and the heart stays as shown) until every favorites list is fresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favorites.lists() }),
  });
}
