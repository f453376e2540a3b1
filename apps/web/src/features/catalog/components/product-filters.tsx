import { productSorts, rarities } from '@cypher/contract';
import { useId, useState } from 'react';
import type { TUrlFilterChanges, TUrlFilterHistory } from '../../../lib/use-url-filters.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { rarityLabel } from '../../../ui/rarity-badge.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { FilterSelect, NamedOptions } from '../../../ui/filter-select.tsx';
import { useCategories } from '../api/list-categories.ts';
import { useBrands } from '../api/list-brands.ts';
import { useCollections } from '../api/list-collections.ts';
import { useTags } from '../api/list-tags.ts';
import { hasProductFilters, productSortLabels, type TProductFilterValues } from '../product-filter-values.ts';
import styles from './product-filters.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

interface ProductFiltersProps {
  values: TProductFilterValues;
  /** The page's setFilters: a choice pushes a history entry; a search pushes one, then replaces it as typed on. */
  onChange: (changes: TUrlFilterChanges, options?: { history?: TUrlFilterHistory }) => void;
}

/**
 * The products page's search, filters and sort. Every change goes to the address (which the list reads), so the
 * filters survive a reload and can be shared. On phones the selects fold away behind a "Filters" button.
 */
export function ProductFilters({ values, onChange }: ProductFiltersProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const brands = useBrands({ size: 100, sort: 'name' });
  const collections = useCollections({ brandId: values.brand, size: 100 });
  const categories = useCategories();
  const tags = useTags();
  const activeCount = [values.brand, values.collection, values.category, values.tag, values.rarity].filter(
    Boolean,
  ).length;

  return (
    <div className={styles.filters}>
      <div className={styles.topRow}>
        <SearchField
          className={styles.search}
          label="Search products"
          placeholder="Search products"
          value={values.q ?? ''}
          onSearch={(text, history) => onChange({ q: text }, { history })}
        />
        <Button
          className={styles.toggle}
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <Icon name="filter" size={18} />
          Filters{activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
      </div>
      <div id={panelId} className={styles.panel} data-open={isOpen}>
        <FilterSelect
          label="Brand"
          value={values.brand ?? ''}
          // A collection belongs to one brand: a new brand clears it.
          onChange={(brand) => onChange({ brand, collection: undefined })}
        >
          <NamedOptions allLabel="All brands" items={brands.data?.items} />
        </FilterSelect>
        <FilterSelect
          label="Collection"
          value={values.collection ?? ''}
          onChange={(collection) => onChange({ collection })}
        >
          <NamedOptions
            allLabel="All collections"
            items={collections.data?.items}
            // Across brands, two collections may share a name: the brand tells them apart.
            labelOf={(collection) => (values.brand ? collection.name : `${collection.name} (${collection.brand.name})`)}
          />
        </FilterSelect>
        <FilterSelect label="Category" value={values.category ?? ''} onChange={(category) => onChange({ category })}>
          <NamedOptions allLabel="All categories" items={categories.data?.items} />
        </FilterSelect>
        <FilterSelect label="Tag" value={values.tag ?? ''} onChange={(tag) => onChange({ tag })}>
          <NamedOptions allLabel="All tags" items={tags.data?.items} />
        </FilterSelect>
        <FilterSelect
          label="Rarity"
          value={values.rarity?.toLowerCase() ?? ''}
          onChange={(rarity) => onChange({ rarity })}
        >
          <option value="">All rarities</option>
          {rarities.map((rarity) => (
            <option key={rarity} value={rarity.toLowerCase()}>
              {rarityLabel(rarity)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Sort by" value={values.sort} onChange={(sort) => onChange({ sort })}>
          {productSorts.map((sort) => (
            <option key={sort} value={sort}>
              {productSortLabels[sort]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {hasProductFilters(values) ? (
        <div>
          <ClearFiltersButton
            variant="ghost"
            size="sm"
            onClear={() =>
              onChange({
                brand: undefined,
                collection: undefined,
                category: undefined,
                tag: undefined,
                rarity: undefined,
                q: undefined,
              })
            }
          >
            <Icon name="close" size={16} />
            Clear filters
          </ClearFiltersButton>
        </div>
      ) : null}
    </div>
  );
}
