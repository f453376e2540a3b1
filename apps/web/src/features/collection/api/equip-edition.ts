import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZFigureBaseDetail, type TFigureBaseDetail } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { invalidateAfterEditionMoves } from '../../../api/edition-moves.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TPlacementRequest =
  | { move: 'equip'; figureBaseId: string; editionId: string; slotId: string }
  | { move: 'unequip'; figureBaseId: string; editionId: string };

/** `POST /v1/figure-base-collections/{id}/equip` and `/unequip`: both answer the base as I now see it. */
async function changePlacement(request: TPlacementRequest): Promise<TFigureBaseDetail> {
  const { move, figureBaseId, ...body } = request;
  return ZFigureBaseDetail.parse(
    await apiRequest('POST', `/figure-base-collections/${encodeURIComponent(figureBaseId)}/${move}`, {
      auth: true,
      body,
    }),
  );
}

export function useChangePlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlacement,
    // Equipping changes the edition's state (and its history and activity lines), the base's filled count and My
    // Collection.
    onSettled: async (_base, _error, request) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.figureBases.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.editions.detail(request.editionId) }),
        invalidateAfterEditionMoves(queryClient, [request.editionId]),
      ]);
    },
  });
}
