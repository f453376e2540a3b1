import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, type FieldControlProps } from '../../../ui/field.tsx';
import { Select, type SelectProps } from '../../../ui/select.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { ReadOnlyField } from './read-only-field.tsx';

/** The brands this operator manages (every brand for an admin), for a form's brand field. */
export function BrandSelect(props: Partial<FieldControlProps> & SelectProps) {
  const brands = useConsoleEntries('brands', { size: 100, sort: 'name' });
  return (
    <Select {...props} aria-busy={brands.isPending || undefined}>
      <option value="">{brands.isPending ? 'Loading brands…' : 'Choose a brand'}</option>
      {brands.data?.items.map((brand) => (
        <option key={brand.id} value={brand.id}>
          {brand.name}
        </option>
      ))}
    </Select>
  );
}

/** The brand an entry belongs to: chosen when the entry is created (`fixedBrandName` unset), shown after. */
export function BrandField({
  fixedBrandName,
  registration,
  error,
}: {
  fixedBrandName: string | undefined;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  if (fixedBrandName !== undefined) return <ReadOnlyField label="Brand" value={fixedBrandName} />;
  return (
    <Field label="Brand" error={error} isRequired>
      {(control) => <BrandSelect {...control} {...registration} />}
    </Field>
  );
}
