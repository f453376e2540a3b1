import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, verifiedUser } from '../../../testing/auth-helpers.ts';
import { multipartBody, streamedMultipartFile } from '../../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof verifiedUser>>;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  user = await verifiedUser(t);
  png = await image(64, 64).png().toBuffer();
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#22d3ee' } });

function upload(
  kind: 'photo' | 'background',
  body: { payload: unknown; headers: Record<string, string> },
  token = user.accessToken,
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/users/media/${kind}`,
    payload: body.payload as Buffer,
    headers: { ...body.headers, ...bearer(token) },
  });
}
const file = (filename: string, content: Buffer | string, contentType = 'image/png') =>
  multipartBody([{ name: 'file', filename, contentType, content }]);
const storedFiles = async () => (await fs.readdir(t.uploadsDir)).filter((name) => !name.endsWith('.content-type'));

describe('POST /v1/users/media/photo', () => {
  it('accepts a PNG named .jpg by its content, and serves it as a PNG', async () => {
    const response = await upload('photo', file('me.jpg', png, 'image/jpeg'));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
      width: 64,
      height: 64,
      contentType: 'image/png',
      thumbnailUrl: null,
    });
    const served = await t.app.inject({ method: 'GET', url: response.json().data.url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('accepts GIF and WebP photos', async () => {
    for (const bytes of [await image(32, 32).gif().toBuffer(), await image(32, 32).webp().toBuffer()]) {
      expect((await upload('photo', file('photo.bin', bytes))).statusCode).toBe(201);
    }
  });

  it('refuses a script named .png with UNSUPPORTED_MIMETYPE and stores nothing', async () => {
    const before = await storedFiles();
    const response = await upload('photo', file('avatar.png', '<script>alert(document.cookie)</script>'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MIMETYPE', message: 'Unsupported file type.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a video with IMAGE_REQUIRED_IN_IMAGE_FIELD (an image field), a PDF with UNSUPPORTED_MIMETYPE, storing nothing', async () => {
    const before = await storedFiles();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4096, 1)]);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm')]);
    for (const [name, content] of [
      ['clip.mp4', mp4],
      ['clip.webm', webm],
    ] as const) {
      const response = await upload('photo', file(name, content, 'video/mp4'));
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({
        code: 'IMAGE_REQUIRED_IN_IMAGE_FIELD',
        message: 'Unsupported content type.',
      });
    }
    const pdf = await upload('photo', file('me.pdf', '%PDF-1.7\n%âãÏÓ\n', 'application/pdf'));
    expect(pdf.json()).toEqual({ code: 'UNSUPPORTED_MIMETYPE', message: 'Unsupported file type.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a 6 MB photo while it streams in with FILE_TOO_LARGE', async () => {
    const body = streamedMultipartFile({ name: 'file', filename: 'big.png', contentType: 'image/png' }, png, 6 * MB);
    const response = await upload('photo', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'Size to large to Accept' });
  });

  it('answers UPLOAD_FILE_ABSENT without a file, and IMAGE_REQUIRED_IN_IMAGE_FIELD when the file field is text', async () => {
    const json = { payload: JSON.stringify({ file: 'me.png' }), headers: { 'content-type': 'application/json' } };
    expect((await upload('photo', json)).json().code).toBe('UPLOAD_FILE_ABSENT');
    const text = multipartBody([{ name: 'file', content: 'https://example.com/me.png' }]);
    const response = await upload('photo', text);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'IMAGE_REQUIRED_IN_IMAGE_FIELD', message: 'Unsupported content type.' });
  });

  it('answers a multipart body it cannot read with 400 INVALID_REQUEST: no boundary, another boundary, a part that never ends', async () => {
    const part =
      '\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n';
    const bodies = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: `--abc${part}png\r\n--abc--\r\n` },
      { headers: { 'content-type': 'multipart/form-data; boundary=abc' }, payload: `--xyz${part}png\r\n--xyz--\r\n` },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: `--abc${part}png, and then nothing`,
      },
      { headers: { 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc\r\nno headers at all' },
    ];
    for (const body of bodies) {
      const response = await upload('photo', { ...body, payload: Buffer.from(body.payload) });
      expect(response.statusCode, body.payload).toBe(400);
      expect(response.json(), body.payload).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) });
    }
    expect(t.errorReporter.reports).toEqual([]);
  });

  it('needs a verified email, and refuses before reading the file', async () => {
    const unverified = await signUp(t);
    const response = await upload('photo', file('me.png', png), unverified.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_VERIFICATION_REQUIRED');
  });
});

describe('POST /v1/users/media/background', () => {
  it('accepts 1440x397 and refuses 1439x397 with IMAGE_DIMENSIONS_OUT_OF_RANGE', async () => {
    const exact = await upload('background', file('wide.png', await image(1440, 397).png().toBuffer()));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data).toMatchObject({ width: 1440, height: 397 });

    const narrow = await upload('background', file('narrow.png', await image(1439, 397).png().toBuffer()));
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json()).toEqual({
      code: 'IMAGE_DIMENSIONS_OUT_OF_RANGE',
      message: 'This image is 1439x397 pixels; it must be at least 1440x397.',
    });
  });

  it('refuses a huge upload while it streams, never holding the body in memory', async () => {
    const before = await storedFiles();
    const body = streamedMultipartFile({ name: 'file', filename: 'huge.png', contentType: 'image/png' }, png, 64 * MB);
    global.gc?.();
    const baseline = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - baseline.arrayBuffers + (now.heapUsed - baseline.heapUsed));
    }, 5);
    const response = await upload('background', body);
    clearInterval(sampler);
    expect(response.json().code).toBe('FILE_TOO_LARGE');
    // The limit is just under 5 MB; a server that buffered the body would have grown by the whole 64 MB.
    expect(peak).toBeLessThan(40 * MB);
    expect(await storedFiles()).toEqual(before);
  });
});
