import type { ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localFileStorage } from './local-file-storage.ts';

describe('local file storage', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'cypher-storage-'));
  });
  afterEach(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('keeps a file with its content type, and answers null for a key never written', async () => {
    const storage = localFileStorage(folder);
    await storage.put('a.webp', Buffer.from('first'), 'image/webp');

    expect(await storage.get('a.webp')).toEqual({ bytes: Buffer.from('first'), contentType: 'image/webp' });
    expect(await storage.has('a.webp')).toBe(true);
    expect(await storage.get('b.webp')).toBeNull();
  });

  it('streams a file whole, or reads only the range picked once its size is known', async () => {
    const storage = localFileStorage(folder);
    const video = Buffer.alloc(3 * 1024 * 1024, 7);
    video.write('the end', video.length - 7);
    await storage.put('loop.mp4', video, 'video/mp4');

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
    expect(end.range).toEqual({ start: video.length - 7, end: video.length - 1 });
    expect((await buffer(end.body)).toString()).toBe('the end');
    // The 3 MB before it were never read.
    expect((end.body as ReadStream).bytesRead).toBe(7);

    // A range that cannot be met is the whole file; a key never written is null.
    const unmet = (await storage.open('loop.mp4', () => null))!;
    expect(unmet.range).toBeNull();
    unmet.body.destroy();
    expect(await storage.open('never.mp4', () => ({ start: 0, end: 1 }))).toBeNull();
    expect(await storage.open('loop.mp4.content-type')).toBeNull();
  });

  // Two instances sharing the folder write the same image variant at once. A file rewritten in place is empty for a
  // moment (truncated, then written), so a reader could be served an empty content type; a file replaced by a rename
  // is a new file (a new inode), and a reader holds either the old one or the new one, whole.
  it('replaces both the bytes and the content type by a rename, never by rewriting them in place', async () => {
    const storage = localFileStorage(folder);
    await storage.put('a.webp', Buffer.from('first'), 'image/webp');
    const before = await inodes(path.join(folder, 'a.webp'));

    await storage.put('a.webp', Buffer.from('second'), 'image/webp');

    const after = await inodes(path.join(folder, 'a.webp'));
    expect(after.bytes).not.toBe(before.bytes);
    expect(after.contentType).not.toBe(before.contentType);
    expect(await storage.get('a.webp')).toEqual({ bytes: Buffer.from('second'), contentType: 'image/webp' });
  });

  it('leaves no partial file behind when writers of one key race, and every read is whole', async () => {
    const [first, second] = [localFileStorage(folder), localFileStorage(folder)];
    const writes = Array.from({ length: 40 }, (_, index) =>
      (index % 2 ? first : second).put('v.webp', Buffer.from(`variant ${index % 2}`), 'image/webp'),
    );
    const reads = Array.from({ length: 40 }, () => second.get('v.webp'));

    await Promise.all(writes);
    for (const read of await Promise.all(reads)) {
      if (read) expect(read.contentType).toBe('image/webp');
    }
    expect((await fs.readdir(folder)).sort()).toEqual(['v.webp', 'v.webp.content-type']);
  });
});

async function inodes(file: string) {
  const [bytes, contentType] = await Promise.all([fs.stat(file), fs.stat(`${file}.content-type`)]);
  return { bytes: bytes.ino, contentType: contentType.ino };
}
