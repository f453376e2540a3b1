import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { sniffImageType } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { gifOfManyFrames } from '../../testing/image-fixtures.ts';
import { imageKinds } from './image-kinds.ts';
import { processImage } from './process-image.ts';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, well-formed PNG whose header claims `width` x `height`: what a decompression bomb looks like up front. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const emptyDeflate = Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', emptyDeflate),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('sniffImageType', () => {
  it('knows JPEG, PNG, GIF and WebP by their first bytes, and nothing else', async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe('gif');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await solid(4, 4).tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('applies a kind’s minimum size: a profile background must be at least 1440x397', async () => {
    const small = await failure(processImage(await solid(1439, 397).png().toBuffer(), imageKinds.profileBackground));
    expect(small.code).toBe('IMAGE_DIMENSIONS_OUT_OF_RANGE');
    expect(small.message).toBe('This image is 1439x397 pixels; it must be at least 1440x397.');
    const exact = await processImage(await solid(1440, 397).jpeg().toBuffer(), imageKinds.profileBackground);
    expect(exact).toMatchObject({ width: 1440, height: 397, contentType: 'image/jpeg', thumbnail: null });
  });

  it('scales large images down to the kind’s box and never enlarges small ones', async () => {
    const large = await processImage(await solid(3000, 1500).png().toBuffer(), imageKinds.profilePhoto);
    expect([large.width, large.height]).toEqual([1024, 512]);
    const small = await processImage(await solid(200, 100).png().toBuffer(), imageKinds.profilePhoto);
    expect([small.width, small.height]).toEqual([200, 100]);
  });

  it('refuses a header that claims more pixels than the kind allows, before decoding it', async () => {
    const bomb = await failure(processImage(pngClaiming(60_000, 60_000), imageKinds.consoleImage));
    expect(bomb.code).toBe('IMAGE_DIMENSIONS_OUT_OF_RANGE');
  });

  it('counts every frame of an animation against the kind’s pixel limit, not only the first', async () => {
    // Thirteen frames of 2000 x 2000: 4 million pixels each, 52 million together, over the console's 50 million.
    const animation = await failure(processImage(gifOfManyFrames(2000, 2000, 13), imageKinds.consoleImage));
    expect(animation.code).toBe('IMAGE_DIMENSIONS_OUT_OF_RANGE');
    const shorter = await processImage(gifOfManyFrames(2000, 2000, 3), imageKinds.consoleImage);
    expect(shorter).toMatchObject({ contentType: 'image/gif', width: 2000, height: 2000 });
  });

  it('drops metadata such as EXIF (GPS, camera) from what it stores', async () => {
    const withExif = await solid(32, 32)
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Somewhere' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const stored = await processImage(withExif, imageKinds.consoleImage);
    expect((await sharp(stored.bytes).metadata()).exif).toBeUndefined();
  });

  it('keeps the frames of an animated GIF', async () => {
    const frames = await Promise.all(
      ['#f43f5e', '#22c55e', '#3b82f6'].map((background) =>
        sharp({ create: { width: 16, height: 16, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const stored = await processImage(animated, imageKinds.consoleImage);
    expect(stored).toMatchObject({ contentType: 'image/gif', width: 16, height: 16 });
    expect((await sharp(stored.bytes).metadata()).pages).toBe(3);
  });
});
