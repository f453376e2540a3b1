import { useId } from 'react';
import { Select } from '../../../ui/select.tsx';
import styles from './entry-list.module.css';

/** Narrows a console list to drafts or published entries (`?status=draft|published`, empty for any). */
export function PublicationFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Status
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any status</option>
        <option value="draft">Draft</option>
        <option value="published">Published</option>
      </Select>
    </div>
  );
}
