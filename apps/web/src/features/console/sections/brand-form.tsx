import { BRAND_TAGLINE_MAX_LENGTH, brandTypes, ZCreateBrandRequest, type TBrand } from '@cypher/contract';
import type { z } from 'zod';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { brandTypeLabel } from '../../../lib/catalog-paths.ts';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { useOperator } from '../components/operator-context.ts';
import { text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import { useSlugFromName } from '../use-slug-from-name.ts';
import styles from '../components/console-form.module.css';
import { FormSection } from '../components/form-section.tsx';

type TValues = z.input<typeof ZCreateBrandRequest>;

const fields = [
  'slug',
  'name',
  'type',
  'tagline',
  'description',
  'logoUrl',
  'bannerUrl',
  'websiteUrl',
  'isFeatured',
] as const;

function toValues(brand: TBrand | undefined): TValues {
  return {
    slug: brand?.slug ?? '',
    name: brand?.name ?? '',
    type: brand?.type ?? 'ARTIST',
    tagline: text(brand?.tagline),
    description: text(brand?.description),
    logoUrl: text(brand?.logoUrl),
    bannerUrl: text(brand?.bannerUrl),
    websiteUrl: text(brand?.websiteUrl),
    isFeatured: brand?.isFeatured ?? false,
  };
}

/** Create or edit a brand. Featuring a brand on the home page is an admin's call, so managers do not see the box. */
export function BrandForm({ brand }: { brand?: TBrand }) {
  const me = useOperator();
  const loaded = toValues(brand);
  const { form, saveOutput, isSaving } = useEntryForm('brands', brand?.id, {
    schema: ZCreateBrandRequest,
    loaded,
    version: brand?.updatedAt,
    noun: 'brand',
    fields,
    fieldForCode: { SLUG_ALREADY_EXISTS: 'slug', NAME_ALREADY_EXISTS: 'name' },
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const slugFromName = useSlugFromName(form, !brand);
  const onSubmit = handleSubmit(saveOutput);

  return (
    <EntryForm
      label={brand ? `Edit ${brand.name}` : 'New brand'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="brand-identity" title="Identity">
        <div className={styles.grid}>
          <Field label="Name" error={errors.name?.message} isRequired>
            {(control) => <Input {...control} {...register('name', slugFromName.nameOptions)} />}
          </Field>
          <Field label="Slug" hint="Used in links, e.g. neon-arcade." error={errors.slug?.message} isRequired>
            {(control) => (
              <Input
                {...control}
                autoCapitalize="off"
                spellCheck={false}
                onFocus={slugFromName.onSlugFocus}
                {...register('slug', slugFromName.slugOptions)}
              />
            )}
          </Field>
          <Field label="Type" error={errors.type?.message} isRequired>
            {(control) => (
              <Select {...control} {...register('type')}>
                {brandTypes.map((type) => (
                  <option key={type} value={type}>
                    {brandTypeLabel(type)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Website" hint="Starts with https://" error={errors.websiteUrl?.message}>
            {(control) => (
              <Input {...control} type="url" inputMode="url" placeholder="https://" {...register('websiteUrl')} />
            )}
          </Field>
          <Field label="Tagline" className={styles.full} error={errors.tagline?.message}>
            {(control) => <Input {...control} maxLength={BRAND_TAGLINE_MAX_LENGTH} {...register('tagline')} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={5} {...register('description')} />}
          </Field>
          {me.isAdmin ? (
            <Checkbox
              className={styles.full}
              label="Feature this brand on the home page"
              error={errors.isFeatured?.message}
              {...register('isFeatured')}
            />
          ) : null}
        </div>
      </FormSection>
      <FormSection id="brand-images" title="Images">
        <div className={styles.images}>
          <ControlledImageField
            control={control}
            name="logoUrl"
            label="Logo"
            hint="Square, at least 256 × 256."
            minSize={{ width: 256, height: 256 }}
          />
          <ControlledImageField
            control={control}
            name="bannerUrl"
            label="Banner"
            hint="Wide, about 1440 × 400."
            shape="wide"
          />
        </div>
      </FormSection>
      <FormActions isSaving={isSaving} cancelTo="/console/brands" isNew={!brand} />
    </EntryForm>
  );
}
