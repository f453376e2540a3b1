import { useMutation } from '@tanstack/react-query';
import { ZUploadedAnimation, ZUploadedImage, type TUploadedAnimation, type TUploadedImage } from '@cypher/contract';
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

/** `POST /v1/console/media/animations`: multipart, field `file`; a product's video, MP4 or WebM up to 50 MB. */
async function uploadConsoleAnimation(file: File): Promise<TUploadedAnimation> {
  const body = new FormData();
  body.append('file', file);
  return ZUploadedAnimation.parse(await apiRequest('POST', '/console/media/animations', { body, auth: true }));
}

export function useUploadConsoleAnimation() {
  return useMutation({ mutationFn: uploadConsoleAnimation });
}
