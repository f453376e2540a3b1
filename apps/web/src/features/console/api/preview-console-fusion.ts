import { useMutation } from '@tanstack/react-query';
import { ZFusionPreview, type TFusionPreview, type TFusionPreviewRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/**
 * `POST /v1/console/fusions/preview`: for each slot's rule, how many editions in collectors' hands fit and how many
 * collectors hold them, with a few examples. Changes nothing; a POST only because the rules travel in its body.
 */
async function previewConsoleFusion(body: TFusionPreviewRequest): Promise<TFusionPreview> {
  return ZFusionPreview.parse(await apiRequest('POST', '/console/fusions/preview', { body, auth: true }));
}

export function usePreviewConsoleFusion() {
  return useMutation({ mutationFn: previewConsoleFusion });
}
