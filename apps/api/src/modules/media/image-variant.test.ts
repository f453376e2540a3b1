import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { imageVariantKeys } from './image-variant.ts';

describe('GET /uploads/:name?w=', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const banner = await sharp({ create: { width: 1440, height: 480, channels: 3, background: '#7c3aed' } })
      .webp()
      .toBuffer();
    await t.storage.put('banner.webp', banner, 'image/webp');
  });
  afterAll(() => t.close());

  it('answers the image at a variant width as WebP, made once and cached like the original', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/banner.webp?w=640' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 213 });
    expect(await t.storage.get('banner-w640.webp')).not.toBeNull();

    const again = await t.app.inject({ method: 'GET', url: '/uploads/banner.webp?w=640' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('never enlarges, refuses widths outside the list and still finds nothing where nothing is', async () => {
    const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).png().toBuffer();
    await t.storage.put('small.png', small, 'image/png');
    const wide = await t.app.inject({ method: 'GET', url: '/uploads/small.png?w=1280' });
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(300);

    const odd = await t.app.inject({ method: 'GET', url: '/uploads/banner.webp?w=641' });
    expect(odd.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/nothing.webp?w=640' });
    expect(missing.statusCode).toBe(404);
  });

  it('names every variant an image may have, so removing it can take them along', () => {
    expect(imageVariantKeys('a1b2.png')).toEqual([
      'a1b2-w320.webp',
      'a1b2-w480.webp',
      'a1b2-w640.webp',
      'a1b2-w800.webp',
      'a1b2-w1080.webp',
      'a1b2-w1280.webp',
    ]);
  });
});
