import { useId } from 'react';
import { Select } from '../../../ui/select.tsx';
import styles from './entry-list.module.css';

/**
 * Narrows a console list to drafts or published entries (`?status=draft|published`, empty for any); drops also have
 * `publishing`, while their packs are being written.
 */
export function PublicationFilter({
  value,
  onChange,
  hasPublishing = false,
}: {
  value: string;
  onChange: (status: string) => void;
  hasPublishing?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Status
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any status</option>
        <option value="draft">Draft</option>
        {hasPublishing ? <option value="publishing">Publishing</option> : null}
        <option value="published">Published</option>
      </Select>
    </div>
  );
}
