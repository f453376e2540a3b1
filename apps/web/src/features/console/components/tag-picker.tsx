import type { TTag } from '@cypher/contract';
import styles from './console-form.module.css';

interface TagPickerProps {
  tags: TTag[];
  value: string[];
  onChange: (tagIds: string[]) => void;
  error?: string;
  isLoading?: boolean;
}

/** Several tags at once: a group of checkboxes drawn as pills, so every choice is visible and one tap away. */
export function TagPicker({ tags, value, onChange, error, isLoading }: TagPickerProps) {
  function toggle(id: string, isChecked: boolean) {
    onChange(isChecked ? [...value, id] : value.filter((tagId) => tagId !== id));
  }
  return (
    <fieldset className={styles.fieldset} aria-busy={isLoading || undefined}>
      <legend className={styles.legend}>Tags</legend>
      {tags.length === 0 ? (
        <p className={styles.hint}>{isLoading ? 'Loading tags…' : 'No tags yet. An admin can add them under Tags.'}</p>
      ) : (
        <ul className={styles.tagList}>
          {tags.map((tag) => (
            <li key={tag.id}>
              <label className={styles.tagOption}>
                <input
                  type="checkbox"
                  checked={value.includes(tag.id)}
                  onChange={(event) => toggle(tag.id, event.target.checked)}
                />
                <span>{tag.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className={styles.rowError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
