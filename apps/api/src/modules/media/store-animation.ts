import { randomBytes } from 'node:crypto';
import {
  isIsoMediaImage,
  sniffImageType,
  sniffVideoType,
  type TUploadedAnimation,
  type TVideoFormat,
} from '@cypher/contract';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../http/app-error.ts';

import { uploadUrl } from './store-image.ts';
import { isWholeVideo } from './video-structure.ts';

/*
 * Route: POST /v1/console/media/animations (through console/media/upload-console-image.ts) · Reads and writes no table:
 * the storage port only (the caller writes audit_log) · Tests: console-media.test.ts, video-structure.test.ts.
 */

/** A product's video is played as uploaded (nothing here transcodes), so its size is held to what a page can stream. */
export const ANIMATION_MAX_BYTES = 50 * 1024 * 1024;

/**
 * What the bytes are: MP4 or WebM video by their first bytes, whole to their last (video-structure.ts). An image sent
 * here (the media field takes videos; the image field takes images) answers IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD, anything
 * else, a video cut short or only dressed as one included, UNSUPPORTED_MIMETYPE.
 */
function animationFormatOf(bytes: Buffer): TVideoFormat {
  const video = sniffVideoType(bytes);
  if (video && isWholeVideo(bytes, video.contentType)) return video;
  if (video) throw new AppError('UNSUPPORTED_MIMETYPE');
  if (sniffImageType(bytes) || isIsoMediaImage(bytes)) throw new AppError('IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD');
  throw new AppError('UNSUPPORTED_MIMETYPE');
}

/** Checks what the bytes are, then stores them under a random name (never the uploader's). */
export async function storeAnimation(
  storage: FileStorage,
  bytes: Buffer,
): Promise<TUploadedAnimation & { key: string }> {
  const format = animationFormatOf(bytes);
  const key = `${randomBytes(16).toString('hex')}.${format.extension}`;
  await storage.put(key, bytes, format.contentType);
  return { key, url: uploadUrl(key), contentType: format.contentType, bytes: bytes.length };
}
