import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { fusion, fusionRun } from '../../../test/fusions-fixtures.ts';
import { FusionSuccess } from './fusion-outcome.tsx';

describe('FusionSuccess', () => {
  it('asks for the new edition’s artwork at the width the result shows it, not as its original', () => {
    const router = createMemoryRouter([
      { path: '/', element: <FusionSuccess run={fusionRun([])} fusion={fusion()} /> },
    ]);
    render(<RouterProvider router={router} />);
    const picture = screen.getByRole('img', { name: 'Dragon of the Eighth Bit artwork' });
    expect(picture.getAttribute('src')).toBe('/uploads/dragon.webp');
    expect(picture.getAttribute('srcset')).toBe(
      [320, 480, 640, 800].map((width) => `/uploads/dragon.webp?w=${width} ${width}w`).join(', '),
    );
    expect(picture.getAttribute('sizes')).toBe(responsiveImages.fusionArtwork.sizes);
  });
});
