import type { TTagSummary } from '@cypher/contract';
import { useState } from 'react';
import { hasFailed, SearchExtras, useSearchedEntries } from './search-picker.tsx';
import styles from './console-form.module.css';

interface TagPickerProps {
  /** The saved product's tags: shown ticked even when the list (a page, or a search) does not hold them. */
  saved: readonly TTagSummary[];
  value: string[];
  onChange: (tagIds: string[]) => void;
  error?: string;
}

/**
 * Several tags at once: a group of checkboxes drawn as pills, so every choice is visible and one tap away. Past the
 * first hundred, tags are found by name; the ticked ones stay shown whatever the search lists.
 */
export function TagPicker({ saved, value, onChange, error }: TagPickerProps) {
  const { list: tags, picker } = useSearchedEntries('tags', { size: 100 }, { one: 'tag', many: 'tags' });
  // Tags ticked from a search, remembered by name once another search lists others.
  const [picked, setPicked] = useState<TTagSummary[]>([]);
  const listed = tags.data?.items ?? [];
  const known = new Set(listed.map((tag) => tag.id));
  const tickedElsewhere = [...saved, ...picked].filter(
    (tag, index, all) =>
      value.includes(tag.id) && !known.has(tag.id) && all.findIndex((other) => other.id === tag.id) === index,
  );
  const shown = [...tickedElsewhere, ...listed];
  const isLoading = tags.isPending && !hasFailed(tags);

  function toggle(tag: TTagSummary, isChecked: boolean) {
    if (isChecked) setPicked((last) => [...last, tag]);
    onChange(isChecked ? [...value, tag.id] : value.filter((tagId) => tagId !== tag.id));
  }
  return (
    <fieldset className={styles.fieldset} aria-busy={isLoading || undefined}>
      <legend className={styles.legend}>Tags</legend>
      {shown.length === 0 ? (
        hasFailed(tags) ? null : (
          <p className={styles.hint}>
            {isLoading ? 'Loading tags…' : picker.search.q ? null : 'No tags yet. An admin can add them under Tags.'}
          </p>
        )
      ) : (
        <ul className={styles.tagList}>
          {shown.map((tag) => (
            <li key={tag.id}>
              <label className={styles.tagOption}>
                <input
                  type="checkbox"
                  checked={value.includes(tag.id)}
                  onChange={(event) => toggle(tag, event.target.checked)}
                />
                <span>{tag.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <SearchExtras {...picker} />
      {error ? (
        <p className={styles.rowError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
