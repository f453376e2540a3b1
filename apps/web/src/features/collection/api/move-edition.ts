import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEdition, type TEdition, type TEditionDetail, type TExportEditionRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterEditionMoves } from '../../../api/edition-moves.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TEditionMoveRequest =
  | { move: 'lock' | 'unlock'; id: string }
  | { move: 'export'; id: string; body: TExportEditionRequest; idempotencyKey: string };

/**
 * `POST /v1/editions/{id}/lock`, `/unlock` and `/export`: the owner's moves. Export moves the token out for good, so it
 * carries an `Idempotency-Key` like a payment: a retry after a lost answer cannot export twice.
 */
async function moveEdition(request: TEditionMoveRequest): Promise<TEdition> {
  const path = `/editions/${encodeURIComponent(request.id)}/${request.move}`;
  const answer =
    request.move === 'export'
      ? await apiRequest('POST', path, {
          auth: true,
          body: request.body,
          headers: { 'Idempotency-Key': request.idempotencyKey },
        })
      : await apiRequest('POST', path, { auth: true });
  return ZEdition.parse(answer);
}

export function useMoveEdition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveEdition,
    // Lock, unlock and export are refused on a figure base, so the edition they answer stands on none; its
    // collection's, product's and brand's pages are as public as the page last read.
    onSuccess: (edition) =>
      queryClient.setQueryData<TEditionDetail>(queryKeys.editions.detail(edition.id), (shown) =>
        shown ? { ...shown, ...edition, figureBaseId: null } : undefined,
      ),
    // A move is a line of the history and of its product's activity, and changes what the collection lists.
    onSettled: (_edition, _error, request) => invalidateAfterEditionMoves(queryClient, [request.id]),
  });
}
