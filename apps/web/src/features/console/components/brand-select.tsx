import type { Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldControlProps } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { ControlledField, type TControlledFieldProps } from './controlled-field.tsx';
import { ReadOnlyField } from './read-only-field.tsx';

interface BrandSelectProps extends Partial<FieldControlProps> {
  /** The chosen brand's id; '' or null for none. */
  value: string | null | undefined;
  /** The brand picked: its id, or '' for "Choose a brand". */
  onChange: (brandId: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The brands this operator manages (every brand for an admin), for a form's brand field. Controlled: the brands arrive
 * after the form, and a brand the form came with, written to the select before its option existed, read "Choose a
 * brand" while the form held it.
 */
export function BrandSelect({ value, onChange, onBlur, ...control }: BrandSelectProps) {
  const brands = useConsoleEntries('brands', { size: 100, sort: 'name' });
  return (
    <Select
      {...control}
      value={value ?? ''}
      aria-busy={brands.isPending || undefined}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{brands.isPending ? 'Loading brands…' : 'Choose a brand'}</option>
      {/* Until the brands arrive, keep the chosen one selectable so the value does not flicker to none. */}
      {brands.isPending && value ? <option value={value}>Loading brands…</option> : null}
      {brands.data?.items.map((brand) => (
        <option key={brand.id} value={brand.id}>
          {brand.name}
        </option>
      ))}
    </Select>
  );
}

interface BrandFieldProps<TValues extends FieldValues, TTransformed> extends Pick<
  TControlledFieldProps<TValues, TTransformed>,
  'control' | 'name'
> {
  /** The brand's name when it is not to be chosen: the entry is made, or the operator manages that brand only. */
  fixedBrandName: string | undefined;
  /** After another brand is chosen: what belonged to the last one (products, collections, passes) is cleared. */
  onBrandChange?: () => void;
}

/** The brand an entry belongs to: chosen when the entry is created (`fixedBrandName` unset), shown after. */
export function BrandField<TValues extends FieldValues, TTransformed = TValues>({
  fixedBrandName,
  onBrandChange,
  ...controlled
}: BrandFieldProps<TValues, TTransformed>) {
  if (fixedBrandName !== undefined) return <ReadOnlyField label="Brand" value={fixedBrandName} />;
  return (
    <ControlledField {...controlled} label="Brand" isRequired>
      {(props, field) => (
        <BrandSelect
          {...props}
          ref={field.ref}
          value={field.value as string | null | undefined}
          onChange={(brandId) => {
            field.onChange(brandId);
            onBrandChange?.();
          }}
          onBlur={field.onBlur}
        />
      )}
    </ControlledField>
  );
}
