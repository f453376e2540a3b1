import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FixedWidthImage } from './fixed-width-image.tsx';

describe('FixedWidthImage', () => {
  it('asks for a stored picture shown small as the variant that covers it, not as its original', () => {
    render(<FixedWidthImage src="/uploads/neon-genesis.webp" shownWidth={72} alt="Neon Genesis" />);
    const picture = screen.getByRole('img', { name: 'Neon Genesis' });
    expect(picture.getAttribute('src')).toBe('/uploads/neon-genesis.webp');
    expect(picture.getAttribute('srcset')).toBe('/uploads/neon-genesis.webp?w=320 320w');
    expect(picture.getAttribute('sizes')).toBe('72px');
  });

  it('goes up to the variant a 3x screen needs at the width shown', () => {
    render(<FixedWidthImage src="/uploads/license.webp" shownWidth={160} alt="License" />);
    const picture = screen.getByRole('img', { name: 'License' });
    expect(picture.getAttribute('srcset')).toBe('/uploads/license.webp?w=320 320w, /uploads/license.webp?w=480 480w');
    expect(picture.getAttribute('sizes')).toBe('160px');
  });

  it('asks for a picture stored elsewhere as it is', () => {
    render(<FixedWidthImage src="https://cdn.example.com/logo.png" shownWidth={72} alt="Logo" />);
    const picture = screen.getByRole('img', { name: 'Logo' });
    expect(picture.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(picture.hasAttribute('srcset')).toBe(false);
    expect(picture.hasAttribute('sizes')).toBe(false);
  });
});
