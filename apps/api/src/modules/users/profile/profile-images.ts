import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { imageKinds, type ImageKind } from '../../media/image-kinds.ts';
import { userUploads, type TProfileImageKind } from '../users.tables.ts';

/** The media pipeline's rules for each profile image (spec section 5). */
export const profileImageRules: Record<TProfileImageKind, ImageKind> = {
  photo: imageKinds.profilePhoto,
  background: imageKinds.profileBackground,
};

/**
 * The URL a profile may point at: null (no image), or one of this user's own uploads of this kind. Anything else
 * (someone else's upload, a background in the photo field, an outside address) answers MEDIA_NOT_FOUND, so a
 * profile only ever shows a file our pipeline checked and re-encoded under that kind's rules.
 */
export async function resolveProfileImage(
  tx: Db,
  userId: string,
  kind: TProfileImageKind,
  url: string | null,
): Promise<string | null> {
  if (url === null) return null;
  const [upload] = await tx
    .select({ url: userUploads.url })
    .from(userUploads)
    .where(and(eq(userUploads.userId, userId), eq(userUploads.kind, kind), eq(userUploads.url, url)));
  if (!upload) throw new AppError('MEDIA_NOT_FOUND');
  return upload.url;
}
