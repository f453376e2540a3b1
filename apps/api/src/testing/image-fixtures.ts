import sharp from 'sharp';
import { bearer } from './auth-helpers.ts';
import { multipartBody } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/** An animated GIF of `width` x `height` frames, one per colour, each a solid fill. */
export async function animatedGif(width: number, height: number, colours: readonly string[]): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/**
 * A GIF of `frames` frames of `width` x `height` in a hundred-odd bytes: each frame draws one pixel (at a different
 * place, so no encoder merges them) and a decoder fills the rest of the canvas. What an animation made to exhaust a
 * decoder's memory looks like: each frame is small enough, all of them together are not.
 */
export function gifOfManyFrames(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const header = [
    Buffer.from('GIF89a'),
    [...u16(width), ...u16(height), 0x80, 0, 0],
    [0, 0, 0, 255, 255, 255], // a global palette of two colours
    [0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0], // loop for ever
  ];
  const frame = (index: number) => [
    [0x21, 0xf9, 0x04, 0x00, 10, 0, 0, 0], // shown for 100 ms
    [0x2c, ...u16(index % width), ...u16(0), ...u16(1), ...u16(1), 0], // a 1x1 image at (index, 0)
    [0x02, 0x02, 0x44, 0x01, 0x00], // its one pixel, LZW-coded
  ];
  const parts = [...header, ...Array.from({ length: frames }, (_, index) => frame(index)).flat(), [0x3b]];
  return Buffer.concat(parts.map((part) => Buffer.from(part)));
}

/** A 64 x 64 picture of one colour, uploaded through POST /v1/console/media as the console does; answers its address. */
export async function uploadedImage(
  t: TestApp,
  accessToken: string,
  colour: string,
  format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png',
): Promise<string> {
  const content = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
  const body = multipartBody([{ name: 'file', filename: `art.${format}`, contentType: `image/${format}`, content }]);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/v1/console/media',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(accessToken) },
  });
  if (answer.statusCode !== 201) throw new Error(`upload refused: ${answer.body}`);
  return answer.json().data.url as string;
}
