import { useMutation } from '@tanstack/react-query';
import { ZUploadedImage, type TUploadedImage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/** `POST /v1/console/media`: multipart, field `file`; JPEG, PNG, GIF or WebP up to 10 MB. */
async function uploadConsoleImage(file: File): Promise<TUploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return ZUploadedImage.parse(await apiRequest('POST', '/console/media', { body, auth: true }));
}

export function useUploadConsoleImage() {
  return useMutation({ mutationFn: uploadConsoleImage });
}
