import type { TProduct } from '@cypher/contract';
import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { RelationField, withSaved } from '../components/relation-select.tsx';
import { useSearchedEntries } from '../components/search-picker.tsx';
import type { ZProductForm } from '../form-schemas.ts';
import styles from '../components/console-form.module.css';

type TValues = z.input<typeof ZProductForm>;

/** A saved relation as an option: its entry may not be among the first hundred listed. */
const savedOption = (entry: { id: string; name: string } | null | undefined) =>
  entry ? [{ id: entry.id, label: entry.name }] : [];

/**
 * A product's collection, license and category. Collections and licenses come from the product's brand only (the
 * API refuses another brand's), so they wait for a brand to be chosen. A saved product's own stay named even when
 * they are not among the first hundred: otherwise the select read "No collection" while the form kept it.
 */
export function ProductRelations({ control, product }: { control: Control<TValues>; product?: TProduct }) {
  const brandId = useWatch({ control, name: 'brandId' });
  const hasBrand = Boolean(brandId);
  // Each list past its first hundred is searched by name.
  const { list: collections, picker: collectionPicker } = useSearchedEntries(
    'collections',
    { brandId, size: 100 },
    { one: 'collection', many: 'collections' },
    { isEnabled: hasBrand },
  );
  const { list: licenses, picker: licensePicker } = useSearchedEntries(
    'licenses',
    { brandId, size: 100 },
    { one: 'license', many: 'licenses' },
    { isEnabled: hasBrand },
  );
  const { list: categories, picker: categoryPicker } = useSearchedEntries(
    'categories',
    { size: 100 },
    { one: 'category', many: 'categories' },
  );
  const noBrand = 'Choose a brand first';

  return (
    <>
      <RelationField
        control={control}
        name="collectionId"
        label="Collection"
        isDisabled={!hasBrand}
        noneLabel={hasBrand ? 'No collection' : noBrand}
        options={withSaved(
          collections.data?.items.map((item) => ({ id: item.id, label: item.name })),
          savedOption(product?.collection),
        )}
        picker={collectionPicker}
      />
      <RelationField
        control={control}
        name="licenseId"
        label="License"
        hint="Leave empty to take the collection’s license, as it is when you save."
        isDisabled={!hasBrand}
        noneLabel={hasBrand ? 'From the collection' : noBrand}
        options={withSaved(
          licenses.data?.items.map((item) => ({ id: item.id, label: item.name })),
          savedOption(product?.license),
        )}
        picker={licensePicker}
      />
      <RelationField
        control={control}
        name="categoryId"
        label="Category"
        className={styles.full}
        noneLabel="No category"
        options={withSaved(
          categories.data?.items.map((item) => ({ id: item.id, label: item.name })),
          savedOption(product?.category),
        )}
        picker={categoryPicker}
      />
    </>
  );
}
