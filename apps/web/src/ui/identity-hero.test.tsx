import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { IdentityHero } from './identity-hero.tsx';

function banner(container: HTMLElement) {
  return container.querySelector('img[alt=""]')!;
}

describe('IdentityHero', () => {
  it('asks for the banner and the picture at the width they are shown, not as uploaded', () => {
    const { container } = render(
      <IdentityHero
        bannerUrl="/uploads/background.jpg"
        pictureUrl="/uploads/photo.png"
        pictureAlt="Collector's photo"
        eyebrow="Collector"
        name="Collector"
      />,
    );
    const wide = banner(container);
    expect(wide.getAttribute('src')).toBe('/uploads/background.jpg');
    // Up to 1280 px: the column is 1200 px at most, 358 px on a 390 px phone (1074 device pixels at 3x).
    expect(wide.getAttribute('srcset')).toBe(
      '/uploads/background.jpg?w=320 320w, /uploads/background.jpg?w=480 480w, /uploads/background.jpg?w=640 640w, ' +
        '/uploads/background.jpg?w=800 800w, /uploads/background.jpg?w=1080 1080w, /uploads/background.jpg?w=1280 1280w',
    );
    expect(wide.getAttribute('sizes')).toBe(responsiveImages.heroBanner.sizes);
    // The page's largest paint: asked for first, as the brand page's HTML preloads it.
    expect(wide.getAttribute('fetchpriority')).toBe('high');

    const picture = screen.getByRole('img', { name: "Collector's photo" });
    expect(picture.getAttribute('srcset')).toBe('/uploads/photo.png?w=320 320w, /uploads/photo.png?w=480 480w');
    expect(picture.getAttribute('sizes')).toBe('(min-width: 768px) 120px, 88px');
  });

  it('asks for pictures stored elsewhere as they are, and draws no banner without one', () => {
    const { container } = render(
      <IdentityHero
        bannerUrl={null}
        pictureUrl="https://cdn.example.com/logo.png"
        pictureAlt="Neon Arcade logo"
        eyebrow="Artist"
        name="Neon Arcade"
      />,
    );
    expect(banner(container)).toBeNull();
    const logo = screen.getByRole('img', { name: 'Neon Arcade logo' });
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(logo.hasAttribute('srcset')).toBe(false);
    expect(logo.hasAttribute('sizes')).toBe(false);
  });
});
