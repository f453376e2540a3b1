import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorState } from './error-state.tsx';

/** A list that failed once: Try again loads it, and the error state with its button goes. */
function FailedList() {
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <>
      <a href="#main">Skip to content</a>
      <main id="main" tabIndex={-1}>
        {isLoaded ? (
          <ul aria-label="Products">
            <li>
              <a href="/products/1">Dragon</a>
            </li>
          </ul>
        ) : (
          <ErrorState title="We could not load the products" onRetry={() => setIsLoaded(true)} />
        )}
      </main>
    </>
  );
}

// Session 72's access hunt: after Try again the focus fell to the body, and the next Tab began at the skip link.
describe('ErrorState', () => {
  it('moves the focus to the main content once Try again has loaded what failed', async () => {
    render(<FailedList />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('list', { name: 'Products' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('link', { name: 'Dragon' })).toHaveFocus();
  });
});
