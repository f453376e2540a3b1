import type { TCollection, TFigureBase } from '@cypher/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select, type SelectProps } from '../../../ui/select.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { EntryForm } from '../components/entry-form.tsx';
import { emptySlot, FigureBaseSlotsEditor } from '../components/figure-base-slots-editor.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { ReadOnlyField } from '../components/read-only-field.tsx';
import { hasFailed, SearchExtras, useSearchedEntries } from '../components/search-picker.tsx';
import { ZFigureBaseForm, type TFigureBaseFormValues } from '../form-schemas.ts';
import { text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import styles from '../components/console-form.module.css';
import { FormSection } from '../components/form-section.tsx';

const fields = ['collectionId', 'name', 'description', 'imageUrl', 'slots'] as const;

/**
 * The API's refusals about the slots show under them. A slot nothing could ever stand in (its product missing, of
 * another collection, or of another rarity than the slot's), or one collectors stand in that was made to fit something
 * else (FIGURE_BASE_SLOT_IN_USE), is named in `details`, under that slot's field (slotFields); one they stand in that
 * was removed is named under the list (`slots`). RELATED_ITEM_NOT_FOUND without details is the collection, at the
 * top, where its message names it.
 */
const fieldForCode = {
  FIGURE_BASE_SLOT_NOT_FOUND: 'slots',
} as const;

/** Each slot's "Fits" and "Rarity" fields, where the API's `details` about that slot show. */
const slotFields = (count: number) =>
  Array.from({ length: count }, (_, index) => [`slots.${index}.productId`, `slots.${index}.rarity`] as const).flat();

function toValues(base: TFigureBase | undefined): TFigureBaseFormValues {
  return {
    collectionId: base?.collection.id ?? '',
    name: base?.name ?? '',
    description: text(base?.description),
    imageUrl: text(base?.imageUrl),
    // Each existing slot keeps its id: the API keeps that slot (and what stands in it), wherever it moves.
    slots: base?.slots.map(({ id, name, productId, rarity }) => ({ id, name, productId, rarity })) ?? [emptySlot()],
  };
}

/** Collections by brand (an admin sees every brand's), drafts included: a base can be ready before its collection. */
function CollectionSelect({
  collections,
  isFailed,
  ...props
}: SelectProps & { collections: TCollection[] | undefined; isFailed: boolean }) {
  const byBrand = new Map<string, { name: string; collections: TCollection[] }>();
  for (const collection of collections ?? []) {
    const group = byBrand.get(collection.brand.id) ?? { name: collection.brand.name, collections: [] };
    group.collections.push(collection);
    byBrand.set(collection.brand.id, group);
  }
  return (
    <Select {...props} aria-busy={(collections === undefined && !isFailed) || undefined}>
      <option value="">
        {collections === undefined && !isFailed ? 'Loading collections…' : 'Choose a collection'}
      </option>
      {[...byBrand.entries()].map(([brandId, group]) => (
        <optgroup key={brandId} label={group.name}>
          {group.collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.name}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}

/** Create or edit a figure base: the collection it belongs to (fixed once made), its name and image, and its slots. */
export function FigureBaseForm({ base }: { base?: TFigureBase }) {
  const loaded = toValues(base);
  const { form, saveOutput, isSaving } = useEntryForm('figure-bases', base?.id, {
    schema: ZFigureBaseForm,
    loaded,
    version: base?.updatedAt,
    noun: 'figure base',
    fields: (output) => [...fields, ...slotFields(output.slots.length)],
    fieldForCode,
    readOnlyKeys: ['collectionId'],
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const collectionId = useWatch({ control, name: 'collectionId' });
  // Past the first hundred collections, one is found by name; the one picked stays an option through other searches.
  const { list: collections, picker: collectionPicker } = useSearchedEntries(
    'collections',
    { size: 100, sort: 'name' },
    { one: 'collection', many: 'collections' },
    { isEnabled: !base },
  );
  const [picked, setPicked] = useState<TCollection>();
  const listed = collections.data?.items;
  const collectionChoices =
    listed && picked && picked.id === collectionId && !listed.some((collection) => collection.id === picked.id)
      ? [picked, ...listed]
      : listed;
  const products = useConsoleEntries(
    'products',
    { collectionId, size: 100, sort: 'name' },
    { isEnabled: Boolean(collectionId) },
  );
  // While another collection's products load, the last list stays as a placeholder: never offer those.
  const collectionProducts = products.isPlaceholderData ? undefined : products.data?.items;
  const collectionName =
    base?.collection.name ?? collectionChoices?.find((collection) => collection.id === collectionId)?.name;

  const onSubmit = handleSubmit(saveOutput);

  return (
    <EntryForm
      label={base ? `Edit ${base.name}` : 'New figure base'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="figure-base-about" title="Figure base">
        <div className={styles.grid}>
          {base ? (
            <ReadOnlyField
              label="Collection"
              value={`${base.collection.name} · ${base.brand.name}`}
              hint="Fixed once made: collectors’ editions of this collection stand on it."
            />
          ) : (
            <Field
              label="Collection"
              hint="Collectors place editions of this collection on the base."
              error={errors.collectionId?.message}
              isRequired
            >
              {(props) => (
                <>
                  <CollectionSelect
                    {...props}
                    value={collectionId}
                    collections={collectionChoices}
                    isFailed={hasFailed(collections)}
                    {...register('collectionId', {
                      // Slots ask for products of the collection: another collection clears those choices.
                      onChange: (event: { target: { value: string } }) => {
                        setPicked(collectionChoices?.find((collection) => collection.id === event.target.value));
                        getValues('slots').forEach((_, index) => setValue(`slots.${index}.productId`, null));
                      },
                    })}
                  />
                  <SearchExtras {...collectionPicker} />
                </>
              )}
            </Field>
          )}
          <Field label="Name" error={errors.name?.message} isRequired>
            {(props) => <Input {...props} {...register('name')} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(props) => <Textarea {...props} rows={3} {...register('description')} />}
          </Field>
          <ControlledImageField
            control={control}
            name="imageUrl"
            label="Image"
            shape="wide"
            hint="Optional: a wide banner (1200 × 280 fits best), shown above the slots on its page and small on the collection’s list of bases."
          />
        </div>
      </FormSection>
      <FigureBaseSlotsEditor
        form={form}
        products={collectionProducts}
        collectionName={collectionName}
        savedProducts={base?.slots.flatMap(({ product }) => (product ? [{ id: product.id, label: product.name }] : []))}
      />
      <FormActions isSaving={isSaving} cancelTo="/console/figure-bases" isNew={!base} hasDrafts={false} />
    </EntryForm>
  );
}
