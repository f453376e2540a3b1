import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { BrandCard } from './brand-card.tsx';

function picturesOf(brand: { logoUrl: string | null; bannerUrl: string | null }) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <BrandCard
          brand={{
            id: '0190a0b0-0000-7000-8000-000000000001',
            name: 'Neon Arcade',
            type: 'GAMING',
            tagline: null,
            ...brand,
          }}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return [...screen.getByRole('link').querySelectorAll('img')];
}

describe('BrandCard', () => {
  // The home page and the brands list show many: each banner (uploaded at up to 2880 px) and logo came as uploaded.
  it('asks for the banner and the logo at the width the card shows them', () => {
    const [banner, logo] = picturesOf({ bannerUrl: '/uploads/neon-banner.webp', logoUrl: '/uploads/neon-logo.webp' });
    expect(banner!.getAttribute('srcset')).toBe(
      '/uploads/neon-banner.webp?w=320 320w, /uploads/neon-banner.webp?w=480 480w, ' +
        '/uploads/neon-banner.webp?w=640 640w, /uploads/neon-banner.webp?w=800 800w',
    );
    expect(banner!.getAttribute('sizes')).toBe(responsiveImages.cardArtwork.sizes);
    // 56 px on a 3x screen: the 320 variant covers it.
    expect(logo!.getAttribute('srcset')).toBe('/uploads/neon-logo.webp?w=320 320w');
    expect(logo!.getAttribute('sizes')).toBe('56px');
    expect(logo!.getAttribute('width')).toBe('56');
  });

  it('asks for pictures stored elsewhere as they are, and draws no picture it does not have', () => {
    const [logo] = picturesOf({ bannerUrl: null, logoUrl: 'https://cdn.example.com/logo.png' });
    expect(logo!.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(logo!.hasAttribute('srcset')).toBe(false);
    expect(screen.getByRole('link').querySelectorAll('img')).toHaveLength(1);
  });
});
