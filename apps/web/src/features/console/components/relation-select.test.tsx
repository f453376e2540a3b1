import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RelationSelect } from './relation-select.tsx';
import type { TPickerList, TSelectPicker } from './search-picker.tsx';

const KIND_ID = '0190a0b0-0000-7000-8000-000000142b00';

function picker(list: Partial<TPickerList>): TSelectPicker {
  return {
    list: { data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn(), ...list },
    search: { text: '', setText: vi.fn(), q: '', searchNow: vi.fn() },
    nouns: { one: 'kind of ticket', many: 'kinds of ticket' },
  };
}

function renderSelect(list: Partial<TPickerList>, value: string | null) {
  render(
    <RelationSelect
      aria-label="Entry"
      value={value}
      onChange={vi.fn()}
      options={undefined}
      noneLabel="Free entry"
      picker={picker(list)}
    />,
  );
  return screen.getByRole('combobox', { name: 'Entry' }) as HTMLSelectElement;
}

// Closing review, session 55: a raffle whose paid entry's list failed to load showed "Free entry", while a save still
// sent the paid kind. A held choice keeps an option of its own whatever its list did.
describe('a relation select holding a choice its list does not name', () => {
  it('shows the saved choice, not "none", when its list failed, and says the list failed', () => {
    const select = renderSelect({ isError: true, error: new Error('The server could not answer.') }, KIND_ID);
    expect(select.value).toBe(KIND_ID);
    expect(select.selectedOptions[0]).toHaveTextContent('Saved choice');
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not answer.');
  });

  it('shows it as loading while its list loads', () => {
    const select = renderSelect({ isPending: true }, KIND_ID);
    expect(select.value).toBe(KIND_ID);
    expect(select.selectedOptions[0]).toHaveTextContent('Loading…');
  });

  it('shows "none" for no choice when the list failed', () => {
    const select = renderSelect({ isError: true, error: new Error('The server could not answer.') }, null);
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]).toHaveTextContent('Free entry');
  });
});
