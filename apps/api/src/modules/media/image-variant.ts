import sharp from 'sharp';
import { imageVariantWidths, type TImageVariantWidth } from '@cypher/contract';
import type { FileStorage } from '../../adapters/storage/storage.ts';

/** Formats a variant is made from; animated GIFs and anything else are served as they are. */
const RESIZABLE = new Set(['image/webp', 'image/png', 'image/jpeg']);

function variantKey(name: string, width: TImageVariantWidth): string {
  return `${name.replace(/\.[a-z0-9]+$/i, '')}-w${width}.webp`;
}

/** Every variant `name` may have: what must go with it when it is removed (an account's photos at deletion). */
export function imageVariantKeys(name: string): string[] {
  return imageVariantWidths.map((width) => variantKey(name, width));
}

interface StoredImage {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Makes and stores `name` at `width`, from the original; the original itself when it cannot be resized. Stored in the
 * storage port, so every instance (on every machine, with a bucket) finds it there afterwards. Two instances making
 * the same variant at once write the same bytes under the same key, and either write may stand.
 */
async function makeVariant(storage: FileStorage, name: string, width: TImageVariantWidth): Promise<StoredImage | null> {
  const original = await storage.get(name);
  if (!original) return null;
  if (!RESIZABLE.has(original.contentType)) return { key: name, ...original };
  const key = variantKey(name, width);
  const bytes = await sharp(original.bytes, { animated: false })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await storage.put(key, bytes, 'image/webp');
  return { key, bytes, contentType: 'image/webp' };
}

/**
 * `name` at `width` pixels wide (never wider than the original), as WebP: made on the first request and stored beside
 * it (`<name>-w<width>.webp`), so later requests read it like any upload. Null when there is no such image; the
 * original itself when it cannot be resized.
 */
export async function imageVariant(
  storage: FileStorage,
  name: string,
  width: TImageVariantWidth,
): Promise<StoredImage | null> {
  const key = variantKey(name, width);
  const stored = await storage.get(key);
  if (stored) return { key, ...stored };
  return makeVariant(storage, name, width);
}

/**
 * The key under which `name` at `width` is stored, made first if it is not yet: for a store browsers read directly
 * (S3_PUBLIC_URL), where the API only says where to look. Null when there is no such image.
 */
export async function storedImageVariantKey(
  storage: FileStorage,
  name: string,
  width: TImageVariantWidth,
): Promise<string | null> {
  const key = variantKey(name, width);
  if (await storage.has(key)) return key;
  return (await makeVariant(storage, name, width))?.key ?? null;
}
