import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { AppProviders } from './providers.tsx';
import { useUrlFilters } from '../lib/use-url-filters.ts';

/** Two filter changes in one click: the second is written before React has rendered the address of the first. */
function TwoChanges() {
  const { setFilters } = useUrlFilters();
  return (
    <button
      type="button"
      onClick={() => {
        setFilters({ rarity: 'RARE' });
        setFilters({ sort: 'newest' }, { history: 'replace' });
      }}
    >
      Change twice
    </button>
  );
}

describe('writes to the address', () => {
  // React Router renders a navigation in a transition; until it lands, a render's search params (and its setter's
  // updater) still show the address before it. The fusion journey lost a result's id that way on a busy CI machine.
  it('start from the address the router is on, not the one last rendered, so a second write keeps the first', async () => {
    const router = createMemoryRouter([{ path: '/list', Component: TwoChanges }], {
      initialEntries: ['/list?q=knight'],
    });
    render(<AppProviders router={router} queryClient={createQueryClient()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change twice' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=knight&rarity=RARE&sort=newest'));
  });
});
