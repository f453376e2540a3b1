import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import NProgress from 'nprogress';
import { beforeAll, describe, expect, it } from 'vitest';
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

    // Timestamps of the bar appearing and disappearing, taken as the DOM changes rather than by polling.
    const changes: Array<{ isShown: boolean; at: number }> = [];
    const observer = new MutationObserver(() => {
      const isShown = progressBar() !== null;
      if (changes.at(-1)?.isShown !== isShown) changes.push({ isShown, at: performance.now() });
    });
    observer.observe(document.body, { childList: true });

    const header = screen.getByRole('banner');
    const dropsLink = Array.from(header.querySelectorAll('a')).find((link) => link.textContent === 'Drops');
    if (!dropsLink) throw new Error('no Drops link in the header');
    await user.click(dropsLink);

    expect(await screen.findByRole('heading', { level: 1, name: 'Drops' })).toBeInTheDocument();
    await waitFor(() => expect(progressBar()).toBeNull());
    observer.disconnect();

    const [shown, removed] = changes;
    expect([shown?.isShown, removed?.isShown]).toEqual([true, false]);
    // A few milliseconds of slack for timer granularity; without the minimum the bar lasts about 0 ms here.
    expect((removed?.at ?? 0) - (shown?.at ?? 0)).toBeGreaterThanOrEqual(240);
  });

  it('does not show for a move within the page', async () => {
    const user = userEvent.setup();
    await renderAt('/terms');
    await user.click(screen.getByRole('tab', { name: 'Cookie policy' }));
    expect(screen.getByRole('tab', { name: 'Cookie policy' }).getAttribute('aria-selected')).toBe('true');
    expect(progressBar()).toBeNull();
  });
});
