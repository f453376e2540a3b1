import type { TCollection } from '@cypher/contract';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { BrandField } from '../components/brand-select.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { useOnlyBrand } from '../components/operator-context.ts';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { RelationField, withSaved } from '../components/relation-select.tsx';
import { useSearchedEntries } from '../components/search-picker.tsx';
import { ZCollectionForm } from '../form-schemas.ts';
import { text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import styles from '../components/console-form.module.css';

type TValues = z.input<typeof ZCollectionForm>;

const fields = ['brandId', 'licenseId', 'name', 'description', 'imageUrl', 'sortOrder'] as const;

function toValues(collection: TCollection | undefined, newBrandId = ''): TValues {
  return {
    brandId: collection?.brand.id ?? newBrandId,
    licenseId: collection?.license?.id ?? null,
    name: collection?.name ?? '',
    description: text(collection?.description),
    imageUrl: text(collection?.imageUrl),
    sortOrder: collection?.sortOrder ?? 0,
  };
}

/** Create or edit a collection: a group of a brand's products, optionally under one of its licenses. */
export function CollectionForm({ collection }: { collection?: TCollection }) {
  const onlyBrand = useOnlyBrand();
  const loaded = toValues(collection, onlyBrand?.id);
  const { form, saveOutput, isSaving } = useEntryForm('collections', collection?.id, {
    schema: ZCollectionForm,
    loaded,
    version: collection?.updatedAt,
    noun: 'collection',
    fields,
    fieldForCode: { NAME_ALREADY_EXISTS: 'name' },
    readOnlyKeys: ['brandId'],
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = form;
  const brandId = useWatch({ control, name: 'brandId' });
  // Past the brand's first hundred licenses, one is found by name.
  const { list: licenses, picker: licensePicker } = useSearchedEntries(
    'licenses',
    { brandId, size: 100 },
    { one: 'license', many: 'licenses' },
    { isEnabled: Boolean(brandId) },
  );

  const onSubmit = handleSubmit(saveOutput);

  return (
    <EntryForm
      label={collection ? `Edit ${collection.name}` : 'New collection'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <section className={styles.card}>
        <div className={styles.grid}>
          <BrandField
            control={control}
            name="brandId"
            fixedBrandName={collection?.brand.name ?? onlyBrand?.name}
            onBrandChange={() => setValue('licenseId', null)}
          />
          <Field label="Name" error={errors.name?.message} isRequired>
            {(control) => <Input {...control} {...register('name')} />}
          </Field>
          <RelationField
            control={control}
            name="licenseId"
            label="License"
            hint="Optional: the license this collection is made under."
            isDisabled={!brandId}
            noneLabel={brandId ? 'No license' : 'Choose a brand first'}
            options={withSaved(
              licenses.data?.items.map((license) => ({ id: license.id, label: license.name })),
              // A saved collection's license stays named when the list does not hold it.
              [collection?.license ? { id: collection.license.id, label: collection.license.name } : undefined],
            )}
            picker={licensePicker}
          />
          <Field
            label="Display order"
            hint="Lower numbers come first on the brand page."
            error={errors.sortOrder?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                step={1}
                {...register('sortOrder', { setValueAs: (value) => (value === '' ? 0 : Number(value)) })}
              />
            )}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={4} {...register('description')} />}
          </Field>
          <ControlledImageField control={control} name="imageUrl" label="Image" />
        </div>
      </section>
      <FormActions isSaving={isSaving} cancelTo="/console/collections" isNew={!collection} />
    </EntryForm>
  );
}
