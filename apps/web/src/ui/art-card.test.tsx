import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { ArtCard } from './art-card.tsx';

function pictureOf(card: { imageUrl: string; isThumbnail?: boolean }) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ArtCard to="/drops/x" {...card}>
          <h3>Neon Genesis</h3>
        </ArtCard>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('link').querySelector('img')!;
}

describe('ArtCard', () => {
  // Chrome draws a larger candidate of a srcset it already holds: a card that had shown a drop's original made the
  // drop's page draw it too, and leave the variant its HTML preloaded unused.
  it('asks for stored artwork at the width a card shows it, leaving the original to the page it leads to', () => {
    const picture = pictureOf({ imageUrl: '/uploads/neon-genesis.webp' });
    expect(picture.getAttribute('srcset')).toBe(
      '/uploads/neon-genesis.webp?w=320 320w, /uploads/neon-genesis.webp?w=480 480w, ' +
        '/uploads/neon-genesis.webp?w=640 640w, /uploads/neon-genesis.webp?w=800 800w',
    );
    expect(picture.getAttribute('sizes')).toBe(responsiveImages.cardArtwork.sizes);
    expect(picture.getAttribute('loading')).toBe('lazy');
  });

  it.each([
    ['a thumbnail (made for lists)', { imageUrl: '/uploads/dragon-thumb.webp', isThumbnail: true }],
    ['a picture stored elsewhere', { imageUrl: 'https://cdn.example.com/dragon.webp' }],
  ])('asks for %s as it is', (_, card) => {
    const picture = pictureOf(card);
    expect(picture.getAttribute('src')).toBe(card.imageUrl);
    expect(picture.hasAttribute('srcset')).toBe(false);
    expect(picture.hasAttribute('sizes')).toBe(false);
  });
});
