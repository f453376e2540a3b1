import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { ArtworkImage } from './artwork-layout.tsx';

describe('ArtworkImage', () => {
  // The drop page's HTML preloads the same candidates (apps/api site/page-preloads.ts); the original, whose width a
  // page cannot know (uploads are kept at up to 2400 px), is none of them.
  it('offers the page’s artwork as variants described by their real widths, up to 620 px on a 2x screen', () => {
    render(<ArtworkImage src="/uploads/neon-genesis.webp" name="Neon Genesis" />);
    const picture = screen.getByRole('img', { name: 'Neon Genesis artwork' });
    expect(picture.getAttribute('srcset')).toBe(
      [320, 480, 640, 800, 1080, 1280].map((width) => `/uploads/neon-genesis.webp?w=${width} ${width}w`).join(', '),
    );
    expect(picture.getAttribute('sizes')).toBe(responsiveImages.pageArtwork.sizes);
    expect(picture.getAttribute('srcset')).not.toMatch(/\.webp \d+w/);
  });
});
