import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page.tsx';

/** A route whose code cannot be loaded, as after a release replaced this tab's chunks; or one that throws. */
function renderFailingRoute(error: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        ErrorBoundary: RouteErrorPage,
        lazy: async () => {
          throw error;
        },
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

const staleChunk = () => new TypeError('Failed to fetch dynamically imported module: /assets/drop-page-3f9a1c.js');

describe('a route whose code cannot be loaded', () => {
  let reload: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn<() => void>();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    // The server answers (its health check), as it does when a release replaced the chunks.
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{}')));
  });
  afterEach(() => vi.restoreAllMocks());

  it('reloads the page by itself for a new release, once a minute at most, then shows the error', async () => {
    const first = renderFailingRoute(staleChunk());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    first.unmount();

    // The same failure right after that reload: the chunk is missing from the new release too, so no loop.
    renderFailingRoute(staleChunk());
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while the server cannot be reached: it says so, and tries again when asked', async () => {
    const health = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', health);
    renderFailingRoute(staleChunk());
    expect(await screen.findByRole('heading', { name: 'We could not reach the server' })).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    // Back online: trying again finds the server and reloads for the release.
    health.mockResolvedValue(new Response('{}'));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('shows any other error with its way out, and does not reload', async () => {
    renderFailingRoute(new Error('Cannot read properties of undefined'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
