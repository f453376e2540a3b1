import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { productItem } from '../../../test/catalog-fixtures.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(product = productItem()) {
  const router = createMemoryRouter([{ path: '/', element: <ProductCard product={product} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('link');
}

describe('ProductCard', () => {
  it('shows the rarity in words and in its colour, the brand, and the edition size with a thousands separator', () => {
    const link = renderCard(productItem({ rarity: 'RARE', editionSize: 1000, name: 'Pixel Knight Paladin' }));
    expect(link.getAttribute('href')).toBe(`/products/${productItem().id}`);
    expect(screen.getByRole('heading', { name: 'Pixel Knight Paladin' })).toBeInTheDocument();
    expect(screen.getByText('Rare').getAttribute('style')).toContain('--rarity: var(--rarity-rare)');
    expect(screen.getByText('Neon Arcade')).toBeInTheDocument();
    expect(screen.getByText('Edition of 1,000')).toBeInTheDocument();
  });

  it('calls a product without an edition size an open edition', () => {
    renderCard(productItem({ editionSize: null }));
    expect(screen.getByText('Open edition')).toBeInTheDocument();
    expect(screen.getByText('Legendary')).toBeInTheDocument();
  });
});
