import type { TPage } from '@cypher/contract';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import type { TConsoleResource } from '../api/console-resources.ts';
import { useConsoleEntries, type TConsoleListParams } from '../api/list-console-entries.ts';
import styles from './search-picker.module.css';

/*
 * What the console's pickers share (the product picker's pattern): the API lists at most a page of 100, so a picker
 * asks it for what is typed (`q`) instead of choosing among the first page only, and says when its list failed, with
 * another go.
 */

const TYPING_PAUSE_MS = 300;

/** What is typed in a picker's search box, and the text its list is asked for: once typing pauses, at once on Enter. */
export function useSearchText() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return { text, setText, q, searchNow: () => setQ(text.trim()) };
}

export type TSearchText = ReturnType<typeof useSearchText>;

/**
 * A console list a select picks from: its first page (of `params`), or the entries whose name holds what is typed;
 * with the picker a RelationField takes to search it and to say when it failed.
 */
export function useSearchedEntries<R extends TConsoleResource>(
  resource: R,
  params: TConsoleListParams,
  nouns: TPickerNouns,
  options: { isEnabled?: boolean } = {},
) {
  const search = useSearchText();
  const list = useConsoleEntries(resource, { ...params, q: search.q }, options);
  return { list, picker: { list, search, nouns } satisfies TSelectPicker };
}

/** A picker's list as react-query holds it: a page of entries, its loading and its failure. */
export interface TPickerList {
  data: TPage<unknown> | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** "brand" and "brands": what a picker lists, in its notes. */
export type TPickerNouns = { one: string; many: string };

/** The list failed and has nothing to show: the API's words, and another go. */
export const hasFailed = (list: TPickerList) => list.isError && !list.data;

/**
 * A search box inside a form, which it cannot be a form of its own in: Enter searches at once instead of sending the
 * form.
 */
export function SearchBox({
  search,
  label,
  placeholder,
  labelClassName = 'visually-hidden',
}: {
  search: TSearchText;
  label: string;
  placeholder: string;
  labelClassName?: string;
}) {
  const id = useId();
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search.searchNow();
  }
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className={styles.searchBox}>
        <Icon name="search" size={18} className={styles.searchIcon} />
        <input
          id={id}
          type="search"
          className={styles.searchInput}
          placeholder={placeholder}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
      </div>
    </>
  );
}

/** A list that failed: the API's words, and a button that asks again. */
export function ListFailed({ list, className }: { list: TPickerList; className?: string }) {
  return (
    <p className={className ?? styles.error} role="alert">
      {list.error?.message}{' '}
      <Button size="sm" variant="ghost" onClick={() => void list.refetch()}>
        Try again
      </Button>
    </p>
  );
}

/** "50 more brands: search by name to find them." when the page holds fewer than the list has; else null. */
export function moreToFind(list: TPickerList, nouns: TPickerNouns): string | null {
  const more = (list.data?.total ?? 0) - (list.data?.items.length ?? 0);
  if (more <= 0) return null;
  return `${formatCount(more)} more ${more === 1 ? nouns.one : nouns.many}: search by name to find them.`;
}

/** A select's list, and (when the API searches it) what is typed to search it. */
export interface TSelectPicker {
  list: TPickerList;
  search?: TSearchText;
  nouns: TPickerNouns;
  /** Told after the search box's label where a form holds several such selects ("Round 2"). */
  context?: string;
}

/**
 * Under a select of entries: the list's failure with Try again; and when it is searched, a search box once the list
 * holds more than a page (or something is typed), and what the search found or did not.
 */
export function SearchExtras({ list, search, nouns, context }: TSelectPicker) {
  if (hasFailed(list)) {
    return (
      <div className={styles.extras}>
        <ListFailed list={list} />
      </div>
    );
  }
  if (!search) return null;
  const more = moreToFind(list, nouns);
  const isSearching = search.text !== '' || search.q !== '';
  if (!more && !isSearching) return null;
  const isNothingFound = search.q !== '' && list.data?.items.length === 0;
  return (
    <div className={styles.extras}>
      <SearchBox
        search={search}
        label={`Search ${nouns.many} by name${context ? ` (${context})` : ''}`}
        placeholder={`Search ${nouns.many} by name`}
      />
      {isNothingFound ? (
        <p className={styles.note}>{`No ${nouns.one} matches “${search.q}”.`}</p>
      ) : more ? (
        <p className={styles.note}>{more}</p>
      ) : null}
    </div>
  );
}
