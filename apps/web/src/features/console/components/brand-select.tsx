import type { Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldControlProps } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { ControlledField, type TControlledFieldProps } from './controlled-field.tsx';
import { ReadOnlyField } from './read-only-field.tsx';
import { withSaved } from './relation-select.tsx';
import { hasFailed, SearchExtras, useSearchText } from './search-picker.tsx';

const brandNouns = { one: 'brand', many: 'brands' };

/**
 * The brands this operator manages (every brand for an admin), a page at a time: the first hundred by name, or those
 * whose name holds what is searched. The chosen brand stays an option (read by id) when the page lacks it, so a
 * brand found by a search, or the one a form or a link came with, stays chosen and named.
 */
export function useBrandChoices(value: string | null | undefined) {
  const search = useSearchText();
  const brands = useConsoleEntries('brands', { q: search.q, size: 100, sort: 'name' });
  const listed = brands.data?.items.map((brand) => ({ id: brand.id, label: brand.name }));
  const isMissing = Boolean(value) && listed !== undefined && !listed.some((brand) => brand.id === value);
  const chosen = useConsoleEntry('brands', value ?? '', { isEnabled: isMissing });
  const options = withSaved(listed, [chosen.data ? { id: chosen.data.id, label: chosen.data.name } : undefined]);
  return { search, brands, options, isLoading: brands.isPending && !hasFailed(brands) };
}

interface BrandSelectProps extends Partial<FieldControlProps> {
  /** The chosen brand's id; '' or null for none. */
  value: string | null | undefined;
  /** The brand picked: its id, or '' for "Choose a brand". */
  onChange: (brandId: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLSelectElement>;
  /** The first option, '' (by default "Choose a brand"). */
  noneLabel?: string;
}

/**
 * The brands this operator manages (every brand for an admin), for a form's brand field. Controlled: the brands arrive
 * after the form, and a brand the form came with, written to the select before its option existed, read "Choose a
 * brand" while the form held it.
 */
export function BrandSelect({ value, onChange, onBlur, noneLabel, ...control }: BrandSelectProps) {
  const { search, brands, options, isLoading } = useBrandChoices(value);
  const isChosenMissing = Boolean(value) && !options?.some((brand) => brand.id === value);
  return (
    <>
      <Select
        {...control}
        value={value ?? ''}
        aria-busy={isLoading || undefined}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">
          {noneLabel ??
            (isLoading ? 'Loading brands…' : options?.length === 0 && !search.q ? 'No brands yet' : 'Choose a brand')}
        </option>
        {/* Until the brands arrive, keep the chosen one selectable so the value does not flicker to none. */}
        {isChosenMissing && value ? <option value={value}>Loading brands…</option> : null}
        {options?.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.label}
          </option>
        ))}
      </Select>
      <SearchExtras list={brands} search={search} nouns={brandNouns} />
    </>
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
