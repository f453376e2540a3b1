import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFuseRequest, TFusionRun } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterEditionMoves } from '../../../api/edition-moves.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/fusions/{id}/fuse`: burns the chosen editions and makes a new edition of the result. It destroys what it
 * is given, so it carries an `Idempotency-Key`: a retry of the same attempt sends the same key and gets the same
 * result back, never a second burn.
 */
async function fuse(fusionId: string, body: TFuseRequest, idempotencyKey: string): Promise<TFusionRun> {
  return apiRequest<TFusionRun>('POST', `/fusions/${encodeURIComponent(fusionId)}/fuse`, {
    body,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useFuse(fusionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TFuseRequest; idempotencyKey: string }) =>
      fuse(fusionId, body, idempotencyKey),
    // Whatever the answer, what is left, my readiness, my materials (under the detail), my collection and the burned
    // editions' and the result's activity may have moved. Not awaited: the page takes the answer at once, before the
    // reads come back; awaited, the slots page read my materials again while still showing the slots, and said each
    // slot emptied as its burned editions left the list (session 79's hunt: "0 of 1 selected" while fusing).
    onSettled: (_run, _error, { body }) => {
      void Promise.all([
        ...[
          queryKeys.fusions.detail(fusionId),
          queryKeys.fusions.lists(),
          queryKeys.editions.all,
          queryKeys.notifications.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        invalidateAfterEditionMoves(
          queryClient,
          body.slots.flatMap((slot) => slot.editionIds),
        ),
      ]);
    },
  });
}
