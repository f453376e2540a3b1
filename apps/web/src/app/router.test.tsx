import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubEmptyApi } from '../test/stub-empty-api.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { webRoutePaths } from '@cypher/contract';
import { routes } from './router.tsx';

/** A concrete URL for a route pattern: `/drops/:id` -> `/drops/sample-id`. */
function sampleUrl(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);
}

async function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(<AppProviders router={router} queryClient={createQueryClient()} />);
  // Pages are lazy: wait until the page itself (not the loading frame) has rendered its heading.
  const heading = await screen.findByRole('heading', { level: 1 });
  return { heading, router };
}

const urls = webRoutePaths.map(sampleUrl);

stubEmptyApi();

describe('router', () => {
  it.each(urls)('renders a page at %s', async (url) => {
    const { heading } = await renderAt(url);
    expect(heading.textContent).not.toBe('Page not found');
    await waitFor(() => expect(document.title).not.toMatch(/^Page not found/));
  });

  it.each(urls.filter((url) => url !== '/').map((url) => `${url}/`))(
    'renders a page at %s (trailing slash)',
    async (url) => {
      const { heading } = await renderAt(url);
      expect(heading.textContent).not.toBe('Page not found');
    },
  );

  it('renders the 404 page for an unknown path, with a way home', async () => {
    const { heading } = await renderAt('/no/such/page');
    expect(heading.textContent).toBe('Page not found');
    expect(screen.getByRole('link', { name: /back to home/i }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | Cypher'));
  });

  it('gives the home page the product title and the community text', async () => {
    const { heading } = await renderAt('/');
    expect(heading.textContent).toBe('The next generation of digital collectibles');
    expect(screen.getByText('15,000+ members')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('The next generation of digital collectibles | Cypher'));
  });

  it('titles a page with its own name and the brand', async () => {
    const { heading } = await renderAt('/profile/redeem');
    expect(heading.textContent).toBe('Redeem a code');
    expect(screen.getByRole('heading', { name: 'Sign in to redeem a code' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Redeem a code | Cypher'));
  });

  it('shows the header and footer on default pages, and neither on the OAuth callbacks', async () => {
    await renderAt('/guide');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo').textContent).toContain('Version 1.2.1');

    document.body.innerHTML = '';
    const { heading } = await renderAt('/oauth/google/callback?code=abc');
    expect(heading.textContent).toContain('Logging in, please wait…');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('says it is connecting to Discord on the Discord callback', async () => {
    const { heading } = await renderAt('/oauth/discord/callback?code=abc');
    expect(heading.textContent).toContain('Connecting to Discord…');
  });

  it('opens the terms on the section named by the hash, and on the terms of service by default', async () => {
    await renderAt('/terms#privacy');
    expect(screen.getByRole('tab', { name: 'Privacy policy' }).getAttribute('aria-selected')).toBe('true');

    document.body.innerHTML = '';
    await renderAt('/terms');
    expect(screen.getByRole('tab', { name: 'Terms of service' }).getAttribute('aria-selected')).toBe('true');
  });

  // Session 62's hunt: "Skip to content" followed its href and replaced /terms#privacy's hash with #main, and the
  // page turned to the terms of service.
  it('skips to the content by focus alone, leaving the address and its hash as they are', async () => {
    const { router } = await renderAt('/terms#privacy');
    const followed = fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(followed).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(router.state.location.hash).toBe('#privacy');
    expect(screen.getByRole('tab', { name: 'Privacy policy' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('query client', () => {
  it('does not retry and does not refetch on window focus', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
