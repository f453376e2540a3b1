import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { RelationField } from '../components/relation-select.tsx';
import type { ZProductForm } from '../form-schemas.ts';
import styles from '../components/console-form.module.css';

type TValues = z.input<typeof ZProductForm>;

/**
 * A product's collection, license and category. Collections and licenses come from the product's brand only (the
 * API refuses another brand's), so they wait for a brand to be chosen.
 */
export function ProductRelations({ control }: { control: Control<TValues> }) {
  const brandId = useWatch({ control, name: 'brandId' });
  const hasBrand = Boolean(brandId);
  const collections = useConsoleEntries('collections', { brandId, size: 100 }, { isEnabled: hasBrand });
  const licenses = useConsoleEntries('licenses', { brandId, size: 100 }, { isEnabled: hasBrand });
  const categories = useConsoleEntries('categories', { size: 100 });
  const noBrand = 'Choose a brand first';

  return (
    <>
      <RelationField
        control={control}
        name="collectionId"
        label="Collection"
        isDisabled={!hasBrand}
        noneLabel={hasBrand ? 'No collection' : noBrand}
        options={collections.data?.items.map((item) => ({ id: item.id, label: item.name }))}
      />
      <RelationField
        control={control}
        name="licenseId"
        label="License"
        hint="Leave empty to use the collection’s license."
        isDisabled={!hasBrand}
        noneLabel={hasBrand ? 'From the collection' : noBrand}
        options={licenses.data?.items.map((item) => ({ id: item.id, label: item.name }))}
      />
      <RelationField
        control={control}
        name="categoryId"
        label="Category"
        className={styles.full}
        noneLabel="No category"
        options={categories.data?.items.map((item) => ({ id: item.id, label: item.name }))}
      />
    </>
  );
}
