import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TUrlFilterHistory } from '../lib/use-url-filters.ts';
import { SearchField } from './search-field.tsx';

/** A search box whose search in force is written back as a page writes it to the address, with a "Clear" beside it. */
function SearchedList({ onSearch }: { onSearch: (text: string, history: TUrlFilterHistory) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        label="Search products"
        value={value}
        onSearch={(text, history) => {
          onSearch(text, history);
          setValue(text);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

function renderSearch() {
  const onSearch = vi.fn<(text: string, history: TUrlFilterHistory) => void>();
  render(<SearchedList onSearch={onSearch} />);
  return { onSearch, box: screen.getByRole('searchbox', { name: 'Search products' }), user: userEvent.setup() };
}

// Tester's finding: every send of a search replaced the history entry, so a search took the place of the filter
// chosen before it and Back skipped that filter (decision record 49).
describe('SearchField', () => {
  it('makes a search one step: its first send pushes, the same search typed on replaces', async () => {
    const { onSearch, box, user } = renderSearch();

    await user.type(box, 'tur');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    await user.type(box, 'bo');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));

    expect(onSearch.mock.calls).toEqual([
      ['tur', 'push'],
      ['turbo', 'replace'],
    ]);
  });

  it('ends a search on Enter, sending it once, so what is typed after is a step of its own', async () => {
    const { onSearch, box, user } = renderSearch();

    await user.type(box, 'turbo{Enter}');
    await user.type(box, ' knight');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));

    // The pause after Enter sends nothing more: the search was already in force.
    expect(onSearch.mock.calls).toEqual([
      ['turbo', 'push'],
      ['turbo knight', 'push'],
    ]);
  });

  it('ends a search when the person leaves the box, sending what they typed at once', async () => {
    const { onSearch, box, user } = renderSearch();

    await user.type(box, 'turbo');
    await user.tab();
    expect(onSearch.mock.calls).toEqual([['turbo', 'push']]);
    await user.type(box, ' knight');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));

    expect(onSearch.mock.calls.at(-1)).toEqual(['turbo knight', 'push']);
  });

  it('starts a new search after the search in force changed elsewhere (Back, Clear)', async () => {
    const { onSearch, box, user } = renderSearch();

    await user.type(box, 'turbo');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    // A pointer press on Clear leaves the box too; the search was in force already, so nothing more is sent.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box).toHaveValue('');
    await user.type(box, 'knight');
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));

    expect(onSearch.mock.calls).toEqual([
      ['turbo', 'push'],
      ['knight', 'push'],
    ]);
  });
});
