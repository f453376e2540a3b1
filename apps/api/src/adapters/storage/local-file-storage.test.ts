import type { ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectStatAndOpenOfAVideo } from '../../testing/storage-contract.ts';
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
    const ranged = await expectStatAndOpenOfAVideo(storage, 3 * 1024 * 1024);
    // The 3 MB before the range were never read.
    expect((ranged as ReadStream).bytesRead).toBe(7);

    // A range that cannot be met is the whole file; the content type's own file is no key.
    const unmet = (await storage.open('loop.mp4', () => null))!;
    expect(unmet.range).toBeNull();
    unmet.body.destroy();
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
