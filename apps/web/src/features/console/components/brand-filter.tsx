import { useId } from 'react';
import { Select } from '../../../ui/select.tsx';
import { useBrandChoices } from './brand-select.tsx';
import styles from './entry-list.module.css';
import { SearchExtras } from './search-picker.tsx';

/** Narrows a console list to one brand, from the brands this operator manages. */
export function BrandFilter({ value, onChange }: { value: string; onChange: (brandId: string) => void }) {
  const id = useId();
  const { search, brands, options } = useBrandChoices(value);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        Brand
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Every brand</option>
        {options?.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.label}
          </option>
        ))}
      </Select>
      <SearchExtras list={brands} search={search} nouns={{ one: 'brand', many: 'brands' }} />
    </div>
  );
}
