import { describe, expect, it } from 'vitest';
import { fixedWidthImage, uploadSrcSet } from './image-variants.ts';

describe('uploadSrcSet', () => {
  // The original's width is not known to a page (an operator's upload is kept at up to 2400 px): described as 800w,
  // a high-density screen downloaded the whole upload for an 800 px slot.
  it('offers a stored image’s variants up to the widest asked for, each at its own width, and never the original', () => {
    expect(uploadSrcSet('/uploads/art.webp', 640)).toBe(
      '/uploads/art.webp?w=320 320w, /uploads/art.webp?w=480 480w, /uploads/art.webp?w=640 640w',
    );
    expect(uploadSrcSet('/uploads/art.webp', 1280)?.split(', ').at(-1)).toBe('/uploads/art.webp?w=1280 1280w');
  });

  it.each(['https://cdn.example.com/art.webp', '/uploads/art.webp?w=640', '/assets/ticket.svg'])(
    'offers nothing for %s, which the API does not size',
    (url) => {
      expect(uploadSrcSet(url, 800)).toBeUndefined();
    },
  );
});

describe('fixedWidthImage', () => {
  it.each([
    [56, 320],
    [72, 320],
    [160, 480],
    [320, 1080],
    [600, 1280],
  ] as const)('offers a picture shown %i px wide its variants up to %i', (shownWidth, largestVariant) => {
    expect(fixedWidthImage(shownWidth)).toEqual({ sizes: `${shownWidth}px`, largestVariant });
  });
});
