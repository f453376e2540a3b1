import { MAX_SQL_INTEGER, SEARCH_TEXT_MAX_LENGTH } from '@cypher/contract';
import { useCallback } from 'react';
import { useSearchParams, type To } from 'react-router';
import { latestSearchParams } from './navigator.ts';

export type TUrlFilterChanges = Record<string, string | number | undefined | null>;

/** Whether a filter change takes a history entry of its own (`push`) or takes the current one's place (`replace`). */
export type TUrlFilterHistory = 'push' | 'replace';

/**
 * The search string with `changes` applied: empty values leave the address, and a new filter starts at the first
 * page (`page` for a numbered list, `cursor` for one paged by cursor).
 */
export function searchWith(current: URLSearchParams, changes: TUrlFilterChanges): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  // Page 2 of one filter is meaningless under another, and so is a cursor; only an explicit page change keeps either.
  if (!('page' in changes) && !('cursor' in changes)) {
    next.delete('page');
    next.delete('cursor');
  }
  if (next.get('page') === '1') next.delete('page');
  const search = next.toString();
  return search ? `?${search}` : '';
}

/**
 * Filters, search, sort and page kept in the address (`/products?rarity=RARE&page=2`), so a filtered list can be
 * shared. Returns the current values, a setter, and `hrefFor` for links. A choice (a select, a chip, a tab, Clear
 * filters) takes a history entry of its own, as a page link does, so Back undoes it (decision record 49); so does a
 * search, whose box (SearchField) says when the text typed on replaces its entry instead (`history: 'replace'`), so
 * Back does not replay it keystroke by keystroke.
 */
export function useUrlFilters() {
  const [searchParams, setSearchParams] = useSearchParams();

  const get = useCallback((key: string) => searchParams.get(key) ?? undefined, [searchParams]);

  const setFilters = useCallback(
    (changes: TUrlFilterChanges, { history = 'push' }: { history?: TUrlFilterHistory } = {}) =>
      setSearchParams((rendered) => new URLSearchParams(searchWith(latestSearchParams(rendered), changes)), {
        replace: history === 'replace',
        preventScrollReset: true,
      }),
    [setSearchParams],
  );

  const hrefFor = useCallback(
    (changes: TUrlFilterChanges): To => ({ search: searchWith(searchParams, changes) }),
    [searchParams],
  );

  const page = pageNumberOf(searchParams.get('page'));

  return { get, page, setFilters, hrefFor, searchParams };
}

/**
 * The page a list's address names (`?page=`): 1 when absent or not a page number, a fraction read down (`2.5` is page
 * 2). A number past the largest page the API takes (the contract's ZPageQuery stops at MAX_SQL_INTEGER, PostgreSQL's
 * integer) is read as that largest page, which the API answers as any page past the end: sent as it was (`1e20`,
 * `3000000000`), it was refused with a 400 that Try again only sent again (session 78's catalog hunt).
 */
export function pageNumberOf(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? '1', 10);
  return page >= 1 ? Math.min(page, MAX_SQL_INTEGER) : 1;
}

/**
 * Search text from the address, cut to what the API searches (a search box never types more, but an edited or shared
 * link can): longer, the API would refuse it and the page could only show an error its retry cannot mend. A NUL
 * character (`?q=%00`), which no text the API keeps can hold and it refuses, is left out for the same reason.
 */
export function searchTextOf(value: string | undefined): string {
  return (value ?? '').replaceAll('\u0000', '').trim().slice(0, SEARCH_TEXT_MAX_LENGTH).trim();
}

/** A value from the address if it is one of `allowed`, else undefined (a hand-edited address must not break a page). */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}
