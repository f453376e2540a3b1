import { randomBytes } from 'node:crypto';
import type { TUploadedImage } from '@cypher/contract';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { ImageKind } from './image-kinds.ts';
import { processImage } from './process-image.ts';

/** Where a stored file is served from (GET /uploads/:name). */
export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}

/**
 * The whole pipeline after the bytes are read: check and re-encode for `kind`, then store under a random name (never
 * the uploader's file name, which may collide, leak or try to be a path). Answers what POST .../media returns.
 */
export async function storeImage(
  storage: FileStorage,
  input: Buffer,
  kind: ImageKind,
): Promise<TUploadedImage & { key: string }> {
  const image = await processImage(input, kind);
  const name = randomBytes(16).toString('hex');
  const key = `${name}.${image.extension}`;
  await storage.put(key, image.bytes, image.contentType);
  let thumbnailUrl: string | null = null;
  if (image.thumbnail) {
    const thumbnailKey = `${name}-thumb.webp`;
    await storage.put(thumbnailKey, image.thumbnail.bytes, 'image/webp');
    thumbnailUrl = uploadUrl(thumbnailKey);
  }
  return {
    key,
    url: uploadUrl(key),
    width: image.width,
    height: image.height,
    contentType: image.contentType,
    thumbnailUrl,
  };
}
