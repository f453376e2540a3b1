import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { pathnameOf } from './catalog-fixtures.ts';
import type { SentRequest } from './fake-api.ts';
import { renderApp } from './render-app.tsx';

/**
 * Checks a console section kept for admins: an admin finds its link among the console's sections; a brand manager
 * sees no link, and at its address reads "Admins only" without one request to the section's API.
 */
export async function expectAdminOnlySection(section: {
  /** The link's name in the console's sections. */
  link: string;
  /** The section's address, where the link goes. */
  path: string;
  /** The start of the section's API paths, which a brand manager's page must not ask. */
  api: string;
  /** Stubs the API as an admin sees it. */
  stubForAdmin: () => void;
  /** Stubs the API as a brand manager sees it, answering the requests sent. */
  stubForBrandManager: () => SentRequest[];
}): Promise<void> {
  section.stubForAdmin();
  const { unmount } = renderApp('/console');
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  expect(within(nav).getByRole('link', { name: section.link })).toHaveAttribute('href', section.path);
  unmount();

  const sent = section.stubForBrandManager();
  renderApp(section.path);
  const managerNav = await screen.findByRole('navigation', { name: 'Console sections' });
  expect(within(managerNav).queryByRole('link', { name: section.link })).toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
  expect(sent.some((request) => pathnameOf(request.path).startsWith(section.api))).toBe(false);
}
