import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZProductArtworks, type TProductArtworks } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * Under the product's own key, so whatever refreshes the product (a save that changes its edition size) refreshes
 * its artwork's rules too.
 */
const productArtworksKey = (productId: string) => [...queryKeys.console.detail('products', productId), 'artworks'];

/** `GET /v1/console/products/:id/artworks`: a product's generative artwork in serial order (decision record 58). */
async function getProductArtworks(productId: string, signal?: AbortSignal): Promise<TProductArtworks> {
  return ZProductArtworks.parse(
    await apiRequest('GET', `/console/products/${encodeURIComponent(productId)}/artworks`, { auth: true, signal }),
  );
}

export function useProductArtworks(productId: string) {
  return useQuery(
    queryOptions({
      queryKey: productArtworksKey(productId),
      queryFn: ({ signal }) => getProductArtworks(productId, signal),
    }),
  );
}

/**
 * `PUT /v1/console/products/:id/artworks`: replaces the whole list (one uploaded image per edition, `[]` for none).
 * PRODUCT_ARTWORKS_FIXED once editions exist, PRODUCT_ARTWORKS_INVALID with `details` for a list that does not fit.
 */
async function setProductArtworks(productId: string, resourceUris: string[]): Promise<TProductArtworks> {
  return ZProductArtworks.parse(
    await apiRequest('PUT', `/console/products/${encodeURIComponent(productId)}/artworks`, {
      auth: true,
      body: { resourceUris },
    }),
  );
}

export function useSetProductArtworks(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resourceUris: string[]) => setProductArtworks(productId, resourceUris),
    onSuccess: (artworks) => {
      queryClient.setQueryData(productArtworksKey(productId), artworks);
      return queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') });
    },
    // Refused because editions were made meanwhile: read again, so the section says so.
    onError: () => queryClient.invalidateQueries({ queryKey: productArtworksKey(productId) }),
  });
}
