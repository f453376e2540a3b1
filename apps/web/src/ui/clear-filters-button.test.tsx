import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ClearFiltersButton } from './clear-filters-button.tsx';

/** A page with a search box and a filter: "Clear filters" shows only while the filter is set, as on the lists. */
function FilteredPage({ isFilterLeft = false }: { isFilterLeft?: boolean }) {
  const [isFiltered, setIsFiltered] = useState(true);
  return (
    <>
      <a href="#main">Skip to content</a>
      <main id="main" tabIndex={-1}>
        <input aria-label="Search" />
        {isFiltered || isFilterLeft ? <ClearFiltersButton onClear={() => setIsFiltered(false)} /> : null}
        <p>{isFiltered ? 'No products match these filters' : '12 products'}</p>
      </main>
    </>
  );
}

describe('ClearFiltersButton', () => {
  it('moves the focus to the main content when it goes with the filters, not to the page body', async () => {
    render(<FilteredPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByText('12 products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    // The next Tab goes on inside the page, not back to the skip link.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('leaves the focus where it is when the button stays', async () => {
    render(<FilteredPage isFilterLeft />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Clear filters' });
    await user.click(button);

    expect(await screen.findByText('12 products')).toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
