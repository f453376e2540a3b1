import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { createQueryClient } from '../api/query-client.ts';
import { formatDateTimeWithZone } from '../lib/format.ts';
import { startSession } from '../lib/session.ts';
import { pathnameOf } from '../test/catalog-fixtures.ts';
import { dropIds, pack } from '../test/drops-fixtures.ts';
import { apiFailure, json, stubApi } from '../test/fake-api.ts';
import { PackDialog } from './pack-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PackDialog', () => {
  // The drop's artwork is an operator's upload, kept at up to 2400 px; the pack's front shows it at 280 px at most.
  it('asks for a sealed pack’s artwork at the width its front shows it, not as its original', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      pathnameOf(request.path) === `/v1/packs/${dropIds.pack1}`
        ? json(200, { data: pack() })
        : apiFailure(404, 'NOT_FOUND'),
    );
    const router = createMemoryRouter([
      {
        path: '/',
        element: <PackDialog packId={dropIds.pack1} onClose={() => undefined} packHref={(id) => `/?pack=${id}`} />,
      },
    ]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    await within(dialog).findByRole('button', { name: 'Open pack' });
    const picture = dialog.querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/uploads/neon-genesis.webp');
    expect(picture.getAttribute('srcset')).toBe(
      [320, 480, 640, 800].map((width) => `/uploads/neon-genesis.webp?w=${width} ${width}w`).join(', '),
    );
    expect(picture.getAttribute('sizes')).toBe(responsiveImages.packArtwork.sizes);
    // When it was bought names its zone, as the drop's times do (helper finding, session 68).
    expect(within(dialog).getByText(/^Bought/)).toHaveTextContent(
      `Bought ${formatDateTimeWithZone(pack().purchasedAt)}.`,
    );
    expect(dialog.querySelector('time')).toHaveTextContent(/\d [AP]M [A-Z][\w+-]*$/);
  });
});
