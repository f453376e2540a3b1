import { SEARCH_TEXT_MAX_LENGTH } from '@cypher/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { TUrlFilterHistory } from '../lib/use-url-filters.ts';
import { Icon } from './icon.tsx';
import styles from './search-field.module.css';

interface SearchFieldProps {
  label: string;
  /** The search in force (from the address); the box follows it when it changes elsewhere (back button, "Clear"). */
  value: string;
  /**
   * Runs the search; `history` says whether it is a step of its own (`push`, the first send of a search) or the same
   * search typed further (`replace`). Pass it on: `setFilters({ q: text }, { history })`.
   */
  onSearch: (text: string, history: TUrlFilterHistory) => void;
  placeholder?: string;
  className?: string;
}

const TYPING_PAUSE_MS = 350;

/**
 * A search box that searches once typing pauses (or at once on Enter), so each keystroke is not a request. A search is
 * one step in the history (decision record 49): its first send pushes an entry, so Back undoes the search and not the
 * filter chosen before it; later sends while the person types on replace that entry, so Back does not replay the
 * search keystroke by keystroke. Enter or leaving the box ends the search: what is typed after is a new step.
 */
export function SearchField({ label, value, onSearch, placeholder, className }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  /** Whether the search being typed has its history entry already (its first send pushed it). */
  const hasEntry = useRef(false);

  useEffect(() => {
    // The echo of a send, which may arrive once the list has loaded: the box shows it already, or what was typed on
    // since, which it keeps.
    if (value.trim() === lastSent.current.trim()) return;
    // Changed elsewhere (Back, "Clear filters"): the box follows, and what is typed next is a new search.
    hasEntry.current = false;
    setText(value);
    lastSent.current = value;
  }, [value]);

  const search = useCallback(
    (next: string) => {
      if (next.trim() === lastSent.current.trim()) return;
      lastSent.current = next;
      onSearch(next.trim(), hasEntry.current ? 'replace' : 'push');
      hasEntry.current = true;
    },
    [onSearch],
  );

  useEffect(() => {
    if (text.trim() === lastSent.current.trim()) return;
    const timer = window.setTimeout(() => search(text), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search]);

  /** Sends what is typed now, if it is not yet in force, and ends the search. */
  function commit() {
    search(text);
    hasEntry.current = false;
  }

  return (
    <form
      role="search"
      className={[styles.search, className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} className={styles.icon} />
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        placeholder={placeholder}
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
      />
    </form>
  );
}
