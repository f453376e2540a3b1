import { rarities, type TProduct } from '@cypher/contract';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '../../../ui/field.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { rarityLabel } from '../../../ui/rarity-badge.tsx';
import { Select } from '../../../ui/select.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { BrandField } from '../components/brand-select.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { useOnlyBrand } from '../components/operator-context.ts';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { PropertiesEditor, type TPropertiesFormValues } from '../components/properties-editor.tsx';
import { TagPicker } from '../components/tag-picker.tsx';
import { ZProductForm } from '../form-schemas.ts';
import { numberOrNull, text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import { ProductRelations } from './product-relations.tsx';
import styles from '../components/console-form.module.css';
import { FormSection } from '../components/form-section.tsx';

type TValues = z.input<typeof ZProductForm>;

const fields = [
  'brandId',
  'name',
  'rarity',
  'imageUrl',
  'imageThumbnailUrl',
  'animationUrl',
  'collectionId',
  'licenseId',
  'categoryId',
  'description',
  'properties',
  'editionSize',
  'tagIds',
] as const;

function toValues(product: TProduct | undefined, newBrandId = ''): TValues {
  return {
    brandId: product?.brand.id ?? newBrandId,
    name: product?.name ?? '',
    rarity: product?.rarity ?? 'COMMON',
    imageUrl: product?.imageUrl ?? '',
    imageThumbnailUrl: product?.imageThumbnailUrl ?? null,
    animationUrl: product?.animationUrl ?? null,
    collectionId: product?.collection?.id ?? null,
    licenseId: product?.license?.id ?? null,
    categoryId: product?.category?.id ?? null,
    description: text(product?.description),
    properties: product?.properties.map(({ traitType, value }) => ({ traitType, value })) ?? [],
    editionSize: product?.editionSize ?? null,
    tagIds: product?.tags.map((tag) => tag.id) ?? [],
  };
}

/** Create or edit a product: artwork, rarity, edition size, where it belongs, its tags and its properties. */
export function ProductForm({ product }: { product?: TProduct }) {
  const onlyBrand = useOnlyBrand();
  const loaded = toValues(product, onlyBrand?.id);
  const { form, saveOutput, isSaving } = useEntryForm('products', product?.id, {
    schema: ZProductForm,
    loaded,
    version: product?.updatedAt,
    noun: 'product',
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
  const onSubmit = handleSubmit(saveOutput);

  return (
    <EntryForm
      label={product ? `Edit ${product.name}` : 'New product'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="product-about" title="Product">
        <div className={styles.grid}>
          <BrandField
            control={control}
            name="brandId"
            fixedBrandName={product?.brand.name ?? onlyBrand?.name}
            // Collections and licenses belong to one brand: a new brand clears them.
            onBrandChange={() => {
              setValue('collectionId', null);
              setValue('licenseId', null);
            }}
          />
          <Field label="Name" error={errors.name?.message} isRequired>
            {(props) => <Input {...props} {...register('name')} />}
          </Field>
          <Field label="Rarity" error={errors.rarity?.message} isRequired>
            {(props) => (
              <Select {...props} {...register('rarity')}>
                {rarities.map((rarity) => (
                  <option key={rarity} value={rarity}>
                    {rarityLabel(rarity)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Edition size"
            hint={
              product
                ? 'How many editions exist. Once some are minted it can only be lowered: holders were sold “#3 / 10”.'
                : 'How many editions exist. Leave empty for an open edition.'
            }
            error={errors.editionSize?.message}
          >
            {(props) => <CountInput {...props} {...register('editionSize', { setValueAs: numberOrNull })} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(props) => <Textarea {...props} rows={4} {...register('description')} />}
          </Field>
        </div>
      </FormSection>
      <FormSection id="product-artwork" title="Artwork">
        <ControlledImageField
          control={control}
          name="imageUrl"
          label="Artwork"
          isRequired
          hint="Square works best. A thumbnail for cards is made from it."
          onUploaded={(uploaded) => setValue('imageThumbnailUrl', uploaded?.thumbnailUrl ?? null)}
        />
        <ControlledImageField
          control={control}
          name="animationUrl"
          kind="video"
          label="Video (optional)"
          hint="An MP4 or WebM loop of the artwork, up to 50 MB: it plays on the product and NFT pages, the artwork stays its poster and picture in lists."
        />
      </FormSection>
      <FormSection id="product-where-it-belongs" title="Where it belongs">
        <div className={styles.grid}>
          <ProductRelations control={control} product={product} />
          <div className={styles.full}>
            <Controller
              control={control}
              name="tagIds"
              render={({ field, fieldState }) => (
                <TagPicker
                  saved={product?.tags ?? []}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        </div>
      </FormSection>
      <section className={styles.card}>
        {/* The editor works on the `properties` part of the form only; its types name just that part. */}
        <PropertiesEditor
          control={control as unknown as Control<TPropertiesFormValues>}
          register={register as unknown as UseFormRegister<TPropertiesFormValues>}
          errors={errors as FieldErrors<TPropertiesFormValues>}
        />
      </section>
      <FormActions isSaving={isSaving} cancelTo="/console/products" isNew={!product} />
    </EntryForm>
  );
}
