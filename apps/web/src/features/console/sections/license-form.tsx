import type { TLicense } from '@cypher/contract';
import type { z } from 'zod';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { BrandField } from '../components/brand-select.tsx';
import { useOnlyBrand } from '../components/operator-context.ts';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { ZLicenseForm } from '../form-schemas.ts';
import { text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import styles from '../components/console-form.module.css';

type TValues = z.input<typeof ZLicenseForm>;

const fields = ['brandId', 'name', 'description', 'imageUrl', 'licensor'] as const;

function toValues(license: TLicense | undefined, newBrandId = ''): TValues {
  return {
    brandId: license?.brand.id ?? newBrandId,
    name: license?.name ?? '',
    licensor: text(license?.licensor),
    description: text(license?.description),
    imageUrl: text(license?.imageUrl),
  };
}

/** Create or edit a license. Its brand is fixed once created (it is what a manager's access is checked against). */
export function LicenseForm({ license }: { license?: TLicense }) {
  const onlyBrand = useOnlyBrand();
  const loaded = toValues(license, onlyBrand?.id);
  const { form, saveOutput, isSaving } = useEntryForm('licenses', license?.id, {
    schema: ZLicenseForm,
    loaded,
    version: license?.updatedAt,
    noun: 'license',
    fields,
    fieldForCode: { NAME_ALREADY_EXISTS: 'name' },
    readOnlyKeys: ['brandId'],
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit(saveOutput);

  return (
    <EntryForm
      label={license ? `Edit ${license.name}` : 'New license'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <section className={styles.card}>
        <div className={styles.grid}>
          <BrandField control={control} name="brandId" fixedBrandName={license?.brand.name ?? onlyBrand?.name} />
          <Field label="Name" error={errors.name?.message} isRequired>
            {(control) => <Input {...control} {...register('name')} />}
          </Field>
          <Field label="Licensor" hint="Who grants the license." error={errors.licensor?.message}>
            {(control) => <Input {...control} {...register('licensor')} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={4} {...register('description')} />}
          </Field>
          <ControlledImageField control={control} name="imageUrl" label="Image" />
        </div>
      </section>
      <FormActions isSaving={isSaving} cancelTo="/console/licenses" isNew={!license} />
    </EntryForm>
  );
}
