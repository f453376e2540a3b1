import sharp from 'sharp';
import { imageVariantWidths, type TImageVariantWidth } from '@cypher/contract';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { imageKinds } from './image-kinds.ts';

/** Formats a variant is made from; anything else is served as it is. */
const RESIZABLE = new Set(['image/webp', 'image/png', 'image/jpeg', 'image/gif']);
/** Formats that may hold an animation: their variants keep every frame (an animated WebP), not only the first. */
const MAY_BE_ANIMATED = new Set(['image/webp', 'image/gif']);
/**
 * No upload is decoded above its kind's pixel limit (image-kinds.ts), so no stored original is larger than the largest
 * of them; one that is (put there some other way) is served as it is rather than decoded. For an animation the count
 * is every frame's (sharp counts width x height x frames when it decodes them all), so a long animation cannot take
 * the memory a huge still would be refused.
 */
const MAX_VARIANT_INPUT_PIXELS = Math.max(...Object.values(imageKinds).map((kind) => kind.maxInputPixels));

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
  const decode = { animated: MAY_BE_ANIMATED.has(original.contentType), limitInputPixels: MAX_VARIANT_INPUT_PIXELS };
  let bytes: Buffer;
  try {
    bytes = await sharp(original.bytes, decode)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { key: name, ...original };
    throw error;
  }
  await storage.put(key, bytes, 'image/webp');
  return { key, bytes, contentType: 'image/webp' };
}

/**
 * `name` at `width` pixels wide (never wider than the original), as WebP (an animated one, every frame resized, when
 * the original is an animated GIF or WebP): made on the first request and stored beside it (`<name>-w<width>.webp`),
 * so later requests read it like any upload. Null when there is no such image; the original itself when it cannot be
 * resized or is too large to decode.
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
