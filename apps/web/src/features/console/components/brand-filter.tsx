import { useId } from 'react';
import { Select } from '../../../ui/select.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import styles from './entry-list.module.css';

/** Narrows a console list to one brand, from the brands this operator manages. */
export function BrandFilter({ value, onChange }: { value: string; onChange: (brandId: string) => void }) {
  const id = useId();
  const brands = useConsoleEntries('brands', { size: 100, sort: 'name' });
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Brand
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Every brand</option>
        {brands.data?.items.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
