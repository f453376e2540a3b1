import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBanner } from '@cypher/contract';
import { BannerCarousel } from './banner-carousel.tsx';

function banner(id: string, title: string, linkUrl: string | null): TBanner {
  return {
    id,
    title,
    subtitle: null,
    imageUrl: '/uploads/banner.webp',
    linkUrl,
    placement: 'HOME',
    sortOrder: 0,
    startsAt: null,
    endsAt: null,
    status: 'PUBLISHED',
    publishedAt: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

describe('BannerCarousel', () => {
  // Console hunt of session 64: a link saved as `/\example.org/x` was drawn as the app's own, and the browser read it
  // as `//example.org/x`: a banner sent its readers to another site.
  it('links a banner to a page of this site or to an https address, and a link that would leave the site nowhere', () => {
    const banners = [
      banner('0190a0b0-0000-7000-8000-0000000000f1', 'Neon Genesis is live', '/drops/neon?round=1'),
      banner('0190a0b0-0000-7000-8000-0000000000f2', 'Meet our partner', 'https://partner.example/launch'),
      banner('0190a0b0-0000-7000-8000-0000000000f3', 'Saved before the rule', '/\\evil.example/x'),
    ];
    const router = createMemoryRouter([{ path: '/', element: <BannerCarousel banners={banners} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Explore: Neon Genesis is live' })).toHaveAttribute(
      'href',
      '/drops/neon?round=1',
    );
    expect(screen.getByRole('link', { name: 'Explore: Meet our partner' })).toHaveAttribute(
      'href',
      'https://partner.example/launch',
    );
    expect(screen.queryByRole('link', { name: 'Explore: Saved before the rule' })).toBeNull();
    expect(within(document.body).getAllByRole('link', { name: /^Explore/ })).toHaveLength(2);
  });
});
