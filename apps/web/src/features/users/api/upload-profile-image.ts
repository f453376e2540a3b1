import { useMutation } from '@tanstack/react-query';
import { ZUploadedImage, type TUploadedImage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

export type ProfileImageKind = 'photo' | 'background';

/**
 * `POST /v1/users/media/photo` or `/v1/users/media/background`: multipart, field `file`. The answer's `url` is then
 * sent with the profile (create or edit); the API accepts only the user's own uploads of that kind.
 */
async function uploadProfileImage({ kind, file }: { kind: ProfileImageKind; file: File }): Promise<TUploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return ZUploadedImage.parse(await apiRequest('POST', `/users/media/${kind}`, { body, auth: true }));
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
