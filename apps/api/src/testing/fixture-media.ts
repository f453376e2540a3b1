import sharp from 'sharp';
import type { FileStorage } from '../adapters/storage/storage.ts';

/**
 * The pictures the fixtures' default console bodies name (a drop's, a pass's, a fusion's), kept in every test app's
 * file store as the seed keeps the demo's: the console refuses an address that names no stored file
 * (console/media/stored-media-check.ts). A test that names another picture stores it with `storeMedia`.
 */
export const FIXTURE_MEDIA = ['drop.webp', 'fusion.webp', 'season-pass.png', 'gift-pass.png', 'race-pass.png'];

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * Keeps a one-pixel picture (or, for `.mp4` and `.webm`, a few bytes stored as a video: only the store's facts are
 * read here) under each name not stored yet; answers their addresses, `/uploads/<name>`, in order.
 */
export async function storeMedia(storage: FileStorage, names: readonly string[]): Promise<string[]> {
  for (const name of names) {
    const extension = name.slice(name.lastIndexOf('.') + 1);
    const contentType = CONTENT_TYPES[extension];
    if (!contentType) throw new Error(`no content type for ${name}`);
    if (await storage.has(name)) continue;
    const bytes = contentType.startsWith('video/')
      ? Buffer.from('stands in for a video')
      : await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } })
          .toFormat(extension === 'jpg' ? 'jpeg' : (extension as 'png' | 'gif' | 'webp'))
          .toBuffer();
    await storage.put(name, bytes, contentType);
  }
  return names.map((name) => `/uploads/${name}`);
}
