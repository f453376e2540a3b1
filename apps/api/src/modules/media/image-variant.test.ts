import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImageVariantWidth } from '@cypher/contract';
import { animatedGif, gifOfManyFrames } from '../../testing/image-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { imageKinds } from './image-kinds.ts';
import { imageVariantKeys, imageVariants, type VariantStore } from './image-variant.ts';

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

  // Helper's note, session 52: a size of a size was made and stored, without signing in and without end.
  it('answers a size or a thumbnail asked for at a width as it is, and stores nothing more', async () => {
    await t.app.inject({ method: 'GET', url: '/uploads/banner.webp?w=1080' });
    const sizeOfSize = await t.app.inject({ method: 'GET', url: '/uploads/banner-w1080.webp?w=800' });
    expect(sizeOfSize.statusCode).toBe(200);
    expect((await sharp(sizeOfSize.rawPayload).metadata()).width).toBe(1080);
    expect(await t.storage.has('banner-w1080-w800.webp')).toBe(false);

    const thumbnail = await sharp({ create: { width: 480, height: 160, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await t.storage.put('banner-thumb.webp', thumbnail, 'image/webp');
    const sizeOfThumbnail = await t.app.inject({ method: 'GET', url: '/uploads/banner-thumb.webp?w=320' });
    expect(sizeOfThumbnail.rawPayload.equals(thumbnail)).toBe(true);
    expect(await t.storage.has('banner-thumb-w320.webp')).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/gone-w640.webp?w=320' })).statusCode).toBe(404);
  });

  it('never enlarges, refuses widths outside the list and still finds nothing where nothing is', async () => {
    const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await t.storage.put('small.png', small, 'image/png');
    const wide = await t.app.inject({ method: 'GET', url: '/uploads/small.png?w=1280' });
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(300);

    const odd = await t.app.inject({ method: 'GET', url: '/uploads/banner.webp?w=641' });
    expect(odd.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/nothing.webp?w=640' });
    expect(missing.statusCode).toBe(404);
  });

  it('resizes an animated GIF frame for frame: an animated WebP at the variant’s width with every frame', async () => {
    const gif = await animatedGif(900, 300, ['#f43f5e', '#22c55e', '#3b82f6', '#eab308']);
    await t.storage.put('spinning.gif', gif, 'image/gif');
    const response = await t.app.inject({ method: 'GET', url: '/uploads/spinning.gif?w=320' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    // Each frame is 320 px wide and a third as high: the whole animation is the frames stacked (pageHeight each).
    expect(await sharp(response.rawPayload, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      pages: 4,
      pageHeight: 107,
    });
    expect(response.rawPayload.length).toBeLessThan(gif.length);
  });

  it('resizes an animated WebP and keeps its frames, as it does a GIF', async () => {
    const webp = await sharp(await animatedGif(900, 300, ['#f43f5e', '#22c55e', '#3b82f6']), { animated: true })
      .webp()
      .toBuffer();
    await t.storage.put('spinning.webp', webp, 'image/webp');
    const response = await t.app.inject({ method: 'GET', url: '/uploads/spinning.webp?w=480' });
    expect(await sharp(response.rawPayload, { animated: true }).metadata()).toMatchObject({ width: 480, pages: 3 });
  });

  it('does not decode an animation whose frames together are more pixels than any upload may be: it answers it as stored', async () => {
    // 2000 x 2000 is 4 million pixels a frame, far under the limit; thirteen of them are 52 million.
    const largestKind = Math.max(...Object.values(imageKinds).map((kind) => kind.maxInputPixels));
    expect(2000 * 2000 * 13).toBeGreaterThan(largestKind);
    const bomb = gifOfManyFrames(2000, 2000, 13);
    await t.storage.put('bomb.gif', bomb, 'image/gif');
    const response = await t.app.inject({ method: 'GET', url: '/uploads/bomb.gif?w=320' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.rawPayload.equals(bomb)).toBe(true);
    expect(await t.storage.get('bomb-w320.webp')).toBeNull();
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

/** Lets every event-loop turn already queued run: whatever work could start without the test has started. */
async function settle() {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('making image variants', () => {
  it('makes a variant once for requests that all ask for it before it is stored, then stores it once', async () => {
    const t = await createTestApp();
    try {
      const gif = await animatedGif(900, 300, ['#f43f5e', '#22c55e', '#3b82f6']);
      await t.storage.put('banner.gif', gif, 'image/gif');
      const visitors = 6;
      // Every request has looked for the stored variant, and found none, before any goes on to make it.
      const { get, put } = t.storage;
      let lookups = 0;
      let everyoneLooked!: () => void;
      const hasEveryoneLooked = new Promise<void>((resolve) => (everyoneLooked = resolve));
      t.storage.get = async (key) => {
        const found = await get.call(t.storage, key);
        if (key === 'banner-w640.webp') {
          lookups += 1;
          if (lookups === visitors) everyoneLooked();
          await hasEveryoneLooked;
        }
        return found;
      };
      const writes: string[] = [];
      t.storage.put = (key, bytes, contentType) => {
        writes.push(key);
        return put.call(t.storage, key, bytes, contentType);
      };
      const answers = await Promise.all(
        Array.from({ length: visitors }, () => t.app.inject({ method: 'GET', url: '/uploads/banner.gif?w=640' })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(visitors).fill(200));
      expect(answers.every((answer) => answer.rawPayload.equals(answers[0]!.rawPayload))).toBe(true);
      expect(writes).toEqual(['banner-w640.webp']);
    } finally {
      await t.close();
    }
  });

  it('decodes no more variants at once than it has slots for; the rest wait and are made after', async () => {
    const files = new Map<string, { bytes: Buffer; contentType: string }>();
    const storage: VariantStore = {
      put: async (key, bytes, contentType) => void files.set(key, { bytes, contentType }),
      get: async (key) => files.get(key) ?? null,
      has: async (key) => files.has(key),
    };
    await storage.put('banner.gif', Buffer.from('GIF89a'), 'image/gif');
    let started = 0;
    let running = 0;
    let mostAtOnce = 0;
    let release!: () => void;
    const isReleased = new Promise<void>((resolve) => (release = resolve));
    const variants = imageVariants(storage, {
      slots: 2,
      encode: async (_original, _decode, width) => {
        started += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await isReleased;
        running -= 1;
        return Buffer.from(`webp ${width}`);
      },
    });
    const widths: TImageVariantWidth[] = [320, 480, 640, 800, 1080];
    const made = Promise.all(widths.map((width) => variants.variant('banner.gif', width)));
    await settle();
    expect(started).toBe(2);
    release();
    const images = await made;
    expect(images.map((image) => image?.key)).toEqual(widths.map((width) => `banner-w${width}.webp`));
    expect([started, mostAtOnce]).toEqual([5, 2]);
  });

  it('tries a variant again after making it failed, rather than answering the failure from then on', async () => {
    const files = new Map<string, { bytes: Buffer; contentType: string }>();
    const storage: VariantStore = {
      put: async (key, bytes, contentType) => void files.set(key, { bytes, contentType }),
      get: async (key) => files.get(key) ?? null,
      has: async (key) => files.has(key),
    };
    await storage.put('banner.gif', Buffer.from('GIF89a'), 'image/gif');
    let attempts = 0;
    const variants = imageVariants(storage, {
      encode: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('out of memory');
        return Buffer.from('webp');
      },
    });
    await expect(variants.variant('banner.gif', 320)).rejects.toThrow('out of memory');
    expect((await variants.variant('banner.gif', 320))?.key).toBe('banner-w320.webp');
    expect(attempts).toBe(2);
  });
});
