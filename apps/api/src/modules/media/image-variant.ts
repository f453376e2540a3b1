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

/**
 * `name` at `width` pixels wide (never wider than the original), as WebP: made on the first request and stored beside
 * it (`<name>-w<width>.webp`), so later requests read it like any upload. Null when there is no such image; the
 * original itself when it cannot be resized.
 */
export async function imageVariant(
  storage: FileStorage,
  name: string,
  width: TImageVariantWidth,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const key = variantKey(name, width);
  const stored = await storage.get(key);
  if (stored) return stored;
  const original = await storage.get(name);
  if (!original || !RESIZABLE.has(original.contentType)) return original;
  const bytes = await sharp(original.bytes, { animated: false })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await storage.put(key, bytes, 'image/webp');
  return { bytes, contentType: 'image/webp' };
}
