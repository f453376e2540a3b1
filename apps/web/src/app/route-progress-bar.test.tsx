import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import NProgress from 'nprogress';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubEmptyApi } from '../test/stub-empty-api.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { routes } from './router.tsx';

const progressBar = () => document.getElementById('nprogress');

stubEmptyApi();

async function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<AppProviders router={router} queryClient={createQueryClient()} />);
  await screen.findByRole('heading', { level: 1 });
  return router;
}

describe('route progress bar', () => {
  // Without nprogress's own fade-out, how long the bar stays is down to the minimum visible time alone.
  beforeAll(() => NProgress.configure({ speed: 0 }));

  it('stays hidden on the first page load', async () => {
    await renderAt('/');
    expect(progressBar()).toBeNull();
  });

  it('shows on a route change and stays at least 250 ms before finishing', async () => {
    const user = userEvent.setup();
    await renderAt('/');

    // When the bar was started, taken where it starts (not when a MutationObserver is told, which can be a render's
    // worth of milliseconds later on a busy machine: the flake this replaced), and when it was removed.
    let startedAt: number | null = null;
    const start = NProgress.start.bind(NProgress);
    const startSpy = vi.spyOn(NProgress, 'start').mockImplementation(() => {
      startedAt ??= performance.now();
      return start();
    });
    let removedAt: number | null = null;
    const observer = new MutationObserver(() => {
      if (startedAt !== null && removedAt === null && progressBar() === null) removedAt = performance.now();
    });
    observer.observe(document.body, { childList: true });

    const header = screen.getByRole('banner');
    const dropsLink = Array.from(header.querySelectorAll('a')).find((link) => link.textContent === 'Drops');
    if (!dropsLink) throw new Error('no Drops link in the header');
    await user.click(dropsLink);

    expect(await screen.findByRole('heading', { level: 1, name: 'Drops' })).toBeInTheDocument();
    await waitFor(() => expect(progressBar()).toBeNull());
    observer.disconnect();
    startSpy.mockRestore();

    expect(startedAt).not.toBeNull();
    expect(removedAt).not.toBeNull();
    // The finish waits out the rest of 250 ms from the start, and a timer never fires early; the observer can only
    // see the removal late. A millisecond for the start being timed a moment after the component took its own time.
    expect(removedAt! - startedAt!).toBeGreaterThanOrEqual(249);
  });

  it('does not show for a move within the page', async () => {
    const user = userEvent.setup();
    await renderAt('/terms');
    await user.click(screen.getByRole('tab', { name: 'Cookie policy' }));
    expect(screen.getByRole('tab', { name: 'Cookie policy' }).getAttribute('aria-selected')).toBe('true');
    expect(progressBar()).toBeNull();
  });

  it('does not show when the purchase popup opens over the page or closes (?buy=)', async () => {
    const router = await renderAt('/terms');
    await act(() => router.navigate('/terms?buy=1'));
    expect(progressBar()).toBeNull();
    await act(() => router.navigate(-1));
    expect(progressBar()).toBeNull();
    await act(() => router.navigate('/terms?tab=privacy'));
    await waitFor(() => expect(progressBar()).not.toBeNull());
  });
});
