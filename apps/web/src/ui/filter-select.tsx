import { useId, type ReactNode } from 'react';
import { Select } from './select.tsx';
import styles from './filter-select.module.css';

/** A compact select with a small caps label above it, for a list's filters and sort (products, My Collection). */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={styles.select}>
        {children}
      </Select>
    </div>
  );
}

/**
 * The options of a filter over named things (brands, collections, categories, tags): `allLabel` (no filter) first,
 * then one option per item, by the text `labelOf` gives (its name unless told). Items still loading show no options.
 */
export function NamedOptions<T extends { id: string; name: string }>({
  allLabel,
  items,
  labelOf = (item) => item.name,
}: {
  allLabel: string;
  items: readonly T[] | undefined;
  labelOf?: (item: T) => string;
}) {
  return (
    <>
      <option value="">{allLabel}</option>
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {labelOf(item)}
        </option>
      ))}
    </>
  );
}
