import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server.ts';
import { expectStatAndOpenOfAVideo } from '../../testing/storage-contract.ts';
import { openFileStorage } from './open-file-storage.ts';
import { s3FileStorage, type S3FileStorage } from './s3-file-storage.ts';

let s3: S3TestServer;
let bucket: string;
let storage: S3FileStorage;

const bucketConfig = (env: Parameters<typeof testConfig>[0]) => testConfig(env).bucket!;

beforeAll(async () => {
  s3 = await startS3TestServer();
  bucket = await s3.createBucket();
  storage = s3FileStorage(bucketConfig(s3.env(bucket)));
});
afterAll(async () => {
  storage.close();
  await s3.close();
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** A loopback port nothing listens on: bound, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the S3 storage adapter, against a local S3-compatible server', () => {
  it('keeps bytes and their content type under a key, readable back, with an immutable Cache-Control on the object', async () => {
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0, 255]);
    await storage.put('a1b2c3.webp', bytes, 'image/webp');

    expect(await storage.get('a1b2c3.webp')).toEqual({ bytes, contentType: 'image/webp' });
    expect(await storage.has('a1b2c3.webp')).toBe(true);
    // What a browser or a CDN reading the bucket directly (S3_PUBLIC_URL) is told.
    const object = await fetch(`${s3.endpoint}/${bucket}/a1b2c3.webp`);
    expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(object.headers.get('content-type')).toBe('image/webp');
  });

  it('answers a missing key with null, and refuses keys that are not flat names', async () => {
    expect(await storage.get('never-stored.png')).toBeNull();
    expect(await storage.has('never-stored.png')).toBe(false);
    expect(await storage.get('../escape.png')).toBeNull();
    expect(await storage.has('.hidden')).toBe(false);
    await expect(storage.put('a/b.png', Buffer.from('x'), 'image/png')).rejects.toThrow('invalid storage key');
  });

  it('reads an object whole, or only the range picked once its size is known (a HEAD, then a ranged GET)', async () => {
    await expectStatAndOpenOfAVideo(storage, 256 * 1024);
  });

  it('gives each connection back before answering: players that stop reading do not hold the bucket', async () => {
    const video = Buffer.alloc(512 * 1024, 3);
    await storage.put('paused.mp4', video, 'video/mp4');
    await storage.put('logo.png', Buffer.from('png'), 'image/png');
    // More paused viewers than the client's pool has connections (50, the SDK's default), none reading its body.
    const paused = await Promise.all(
      Array.from({ length: 60 }, () => storage.open('paused.mp4', (size) => ({ start: 0, end: size - 1 }))),
    );
    // Every other read of the bucket still goes through at once, not after the 30 s request timeout.
    expect(await storage.get('logo.png')).toEqual({ bytes: Buffer.from('png'), contentType: 'image/png' });
    for (const viewer of paused) viewer!.body.destroy();
  });

  it('removes a key, and removing it again is no error', async () => {
    await storage.put('to-remove.png', Buffer.from('x'), 'image/png');
    await storage.remove('to-remove.png');
    expect(await storage.get('to-remove.png')).toBeNull();
    await storage.remove('to-remove.png');
  });

  it('treats a missing bucket as a fault, not as a missing image, and names the bucket', async () => {
    const gone = s3FileStorage(bucketConfig(s3.env('no-such-bucket-here')));
    try {
      const error = await failure(gone.get('a1b2c3.webp'));
      expect(error.message).toContain('GetObject a1b2c3.webp on bucket "no-such-bucket-here" at S3_ENDPOINT failed');
      expect(error.message).toContain('NoSuchBucket');
      expect(error.message).not.toContain(s3.endpoint);
      const unusable = (await failure(gone.checkBucket())).message;
      expect(unusable).toMatch(
        /^The bucket "no-such-bucket-here" at S3_ENDPOINT cannot be used for images: it does not exist; create it first \(HeadBucket answered NotFound/,
      );
      expect(unusable).not.toContain(s3.endpoint);
    } finally {
      gone.close();
    }
  });

  it('stops start-up with a reason when the bucket cannot be used: unknown keys, nothing listening', async () => {
    const config = testConfig({
      ...s3.env(bucket),
      S3_ACCESS_KEY_ID: 'NOT-A-KEY',
      S3_SECRET_ACCESS_KEY: 'wrong-secret',
    });
    const refused = await failure(openFileStorage(config));
    expect(refused.message).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY may not read it');
    expect(refused.message).not.toContain('wrong-secret');

    const port = await closedPort();
    const unreachable = testConfig({ ...s3.env(bucket), S3_ENDPOINT: `http://127.0.0.1:${port}` });
    const unanswered = (await failure(openFileStorage(unreachable))).message;
    expect(unanswered).toContain('is S3_ENDPOINT reachable?');
    expect(unanswered).not.toContain(String(port));
    const down = s3FileStorage(unreachable.bucket!);
    try {
      const error = await failure(down.get('a1b2c3.webp'));
      expect(error.message).toMatch(/^GetObject a1b2c3\.webp on bucket "cypher-test-\w+" at S3_ENDPOINT failed/);
      expect(error.message).not.toContain(String(port));
    } finally {
      down.close();
    }

    const opened = await openFileStorage(testConfig(s3.env(bucket)));
    expect(await opened.get('a1b2c3.webp')).not.toBeNull();
    opened.close();
  });

  it('says where a public bucket serves a key when S3_PUBLIC_URL is set, and nothing otherwise', () => {
    expect(storage.publicUrl).toBeUndefined();
    const open = s3FileStorage(bucketConfig({ ...s3.env(bucket), S3_PUBLIC_URL: 'https://images.cypher.test/' }));
    expect(open.publicUrl?.('a1b2c3-w640.webp')).toBe('https://images.cypher.test/a1b2c3-w640.webp');
    open.close();
  });
});
