import { fusionStatuses, fusionStatusLabels } from '@cypher/contract';
import type { TUrlFilterChanges } from '../../../lib/use-url-filters.ts';
import { FilterSelect, NamedOptions } from '../../../ui/filter-select.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useBrandOptions, useCategoryOptions } from '../../../api/filter-options.ts';
import { clearedFusionFilters, hasFusionFilters, type TFusionFilterValues } from '../fusion-filter-values.ts';
import styles from './fusion-filters.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

interface FusionFiltersProps {
  values: TFusionFilterValues;
  onChange: (changes: TUrlFilterChanges) => void;
}

/** Spec section 2's filters: brand, category and status (coming up, available, ended), kept in the address. */
export function FusionFilters({ values, onChange }: FusionFiltersProps) {
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  return (
    <div className={styles.filters}>
      <div className={styles.selects}>
        <FilterSelect label="Brand" value={values.brand ?? ''} onChange={(brand) => onChange({ brand })}>
          <NamedOptions allLabel="All brands" items={brands.data?.items} />
        </FilterSelect>
        <FilterSelect label="Category" value={values.category ?? ''} onChange={(category) => onChange({ category })}>
          <NamedOptions allLabel="All categories" items={categories.data?.items} />
        </FilterSelect>
        <FilterSelect
          label="Status"
          value={values.status?.toLowerCase() ?? ''}
          onChange={(status) => onChange({ status })}
        >
          <option value="">Any status</option>
          {fusionStatuses.map((status) => (
            <option key={status} value={status.toLowerCase()}>
              {fusionStatusLabels[status]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {hasFusionFilters(values) ? (
        <div>
          <ClearFiltersButton variant="ghost" size="sm" onClear={() => onChange(clearedFusionFilters)}>
            <Icon name="close" size={16} />
            Clear filters
          </ClearFiltersButton>
        </div>
      ) : null}
    </div>
  );
}
