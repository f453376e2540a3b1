import type { TUploadedImage } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Principal } from '../../../http/auth-guard.ts';
import { consumeRateLimit, type RateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { storeImage } from '../../media/store-image.ts';
import { getUser } from '../../auth/find-user.ts';
import { userUploads, type TProfileImageKind } from '../users.tables.ts';
import { profileImageRules } from './profile-images.ts';

/** Uploads cost storage and CPU (decode and re-encode); a person editing a profile needs a handful an hour. */
const uploadsPerUser: RateLimit = { name: 'profile-upload-user', limit: 30, windowMs: 60 * 60 * 1000 };

/**
 * POST /v1/users/media/{photo|background}: checks who may upload before reading a byte, then runs the media pipeline
 * (limit while streaming, type by content, size rules, re-encode) and records the upload as this user's, so the
 * profile can point at it. The file is stored before its row (no outside call inside a transaction): a crash in
 * between leaves an unused file, never a row without its file.
 */
export async function uploadProfileImage(
  ctx: AppContext,
  principal: Principal,
  kind: TProfileImageKind,
  readBytes: (maxBytes: number) => Promise<Buffer>,
): Promise<TUploadedImage> {
  const user = await getUser(ctx.db, principal.userId);
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  await consumeRateLimit(ctx.rateLimiter, uploadsPerUser, principal.userId);
  const rules = profileImageRules[kind];
  const bytes = await readBytes(rules.maxBytes);
  const { key, ...uploaded } = await storeImage(ctx.storage, bytes, rules);
  await ctx.db.insert(userUploads).values({
    key,
    userId: principal.userId,
    kind,
    url: uploaded.url,
    createdAt: ctx.clock.now(),
  });
  return uploaded;
}
