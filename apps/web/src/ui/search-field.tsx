import { SEARCH_TEXT_MAX_LENGTH } from '@cypher/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icon.tsx';
import styles from './search-field.module.css';

interface SearchFieldProps {
  label: string;
  /** The search in force (from the address); the box follows it when it changes elsewhere (back button, "Clear"). */
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  className?: string;
}

const TYPING_PAUSE_MS = 350;

/** A search box that searches once typing pauses (or at once on Enter), so each keystroke is not a request. */
export function SearchField({ label, value, onSearch, placeholder, className }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  useEffect(() => {
    setText(value);
    lastSent.current = value;
  }, [value]);

  useEffect(() => {
    if (text.trim() === lastSent.current.trim()) return;
    const timer = window.setTimeout(() => {
      lastSent.current = text;
      onSearch(text.trim());
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <form
      role="search"
      className={[styles.search, className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        lastSent.current = text;
        onSearch(text.trim());
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
      />
    </form>
  );
}
