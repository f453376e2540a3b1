import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect } from 'vitest';
import type { FileStorage } from '../adapters/storage/storage.ts';

/**
 * What every storage adapter's `stat` and `open` promise (storage.ts), checked the same way on the folder and on the
 * bucket: a stored video of `videoBytes` told by its type and size, streamed whole, then only its last 7 bytes when
 * the range is picked once the size is known, and null for a key never stored. Answers the ranged read's body, for
 * the adapter's own check of how much it read.
 */
export async function expectStatAndOpenOfAVideo(storage: FileStorage, videoBytes: number): Promise<Readable> {
  const video = Buffer.alloc(videoBytes, 7);
  video.write('the end', video.length - 7);
  await storage.put('loop.mp4', video, 'video/mp4');

  expect(await storage.stat('loop.mp4')).toEqual({ contentType: 'video/mp4', size: video.length });
  expect(await storage.stat('never-stored.mp4')).toBeNull();

  const whole = (await storage.open('loop.mp4'))!;
  expect({ contentType: whole.contentType, size: whole.size, range: whole.range }).toEqual({
    contentType: 'video/mp4',
    size: video.length,
    range: null,
  });
  expect((await buffer(whole.body)).equals(video)).toBe(true);

  const sizes: number[] = [];
  const end = (await storage.open('loop.mp4', (size) => {
    sizes.push(size);
    return { start: size - 7, end: size - 1 };
  }))!;
  expect(sizes).toEqual([video.length]);
  expect({ size: end.size, range: end.range }).toEqual({
    size: video.length,
    range: { start: video.length - 7, end: video.length - 1 },
  });
  expect((await buffer(end.body)).toString()).toBe('the end');

  expect(await storage.open('never-stored.mp4')).toBeNull();
  expect(await storage.open('never-stored.mp4', () => ({ start: 0, end: 1 }))).toBeNull();
  return end.body;
}
