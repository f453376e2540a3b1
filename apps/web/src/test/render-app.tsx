import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../api/query-client.ts';
import { routes } from '../app/router.tsx';

/**
 * The whole app (shell, session redirects, pages) at `url`, under StrictMode as in main.tsx; `cameFrom` is the entry
 * under it in the history, for a test of where Back goes.
 */
export function renderApp(url: string, { cameFrom }: { cameFrom?: string } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: cameFrom ? [cameFrom, url] : [url] });
  const queryClient = createQueryClient();
  const view = render(
    <StrictMode>
      <AppProviders router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}
