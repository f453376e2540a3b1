import { useState, type Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FieldControlProps } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';
import { ControlledField, type TControlledFieldProps } from './controlled-field.tsx';
import { hasFailed, SearchExtras, type TSelectPicker } from './search-picker.tsx';

interface RelationSelectProps extends Partial<FieldControlProps> {
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLSelectElement>;
  options: { id: string; label: string }[] | undefined;
  /** The first option, meaning "none" (null). */
  noneLabel: string;
  isDisabled?: boolean;
  /** The list the options come from: said under the select when it failed, searched when it holds more than a page. */
  picker?: TSelectPicker;
}

/**
 * A select of related entries (license, collection, category) whose options arrive after the form: controlled, so
 * the chosen entry shows as soon as its option exists. '' is "none" and becomes null, as the contract wants.
 */
export function RelationSelect({
  value,
  onChange,
  onBlur,
  options,
  noneLabel,
  isDisabled,
  picker,
  ...control
}: RelationSelectProps) {
  // An entry found by a search stays an option (and named) once another search lists others.
  const [picked, setPicked] = useState<{ id: string; label: string }>();
  const shown = picker?.search ? withSaved(options, [picked?.id === value ? picked : undefined]) : options;
  const isLoading = options === undefined && !(picker && hasFailed(picker.list));
  const select = (
    <Select
      {...control}
      value={value ?? ''}
      disabled={isDisabled}
      aria-busy={isLoading || undefined}
      onBlur={onBlur}
      onChange={(event) => {
        const chosen = event.target.value;
        setPicked(options?.find((option) => option.id === chosen));
        onChange(chosen === '' ? null : chosen);
      }}
    >
      <option value="">{isLoading && !isDisabled ? 'Loading…' : noneLabel}</option>
      {/* A choice held with no option of its own (its list still loading, or failed) stays selected, never shown as
          "none": a raffle's paid entry read "Free entry" once its list failed, and a save sent the paid one. */}
      {value && !shown?.some((option) => option.id === value) ? (
        <option value={value}>{isLoading ? 'Loading…' : UNLISTED_CHOICE}</option>
      ) : null}
      {shown?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </Select>
  );
  if (!picker || isDisabled) return select;
  return (
    <>
      {select}
      <SearchExtras {...picker} />
    </>
  );
}

/** A saved choice whose name its list did not bring (the list failed: said under the select, with Try again). */
const UNLISTED_CHOICE = 'Saved choice';

/**
 * The loaded options, and after them the saved choices they lack (not among the first hundred): a controlled select
 * whose value has no option shows its first one instead, while the form still holds the saved choice.
 */
export function withSaved<TOption extends { id: string }>(
  options: TOption[] | undefined,
  saved: readonly (TOption | undefined)[] = [],
): TOption[] | undefined {
  if (!options) return options;
  const known = new Set(options.map((option) => option.id));
  return [...options, ...saved.filter((option): option is TOption => option !== undefined && !known.has(option.id))];
}

type TRelationChoices = Pick<RelationSelectProps, 'options' | 'noneLabel' | 'isDisabled' | 'picker'>;

/** A console form's RelationSelect, bound to react-hook-form (the chosen entry's id, or null for none). */
export function RelationField<TValues extends FieldValues, TTransformed = TValues>({
  options,
  noneLabel,
  isDisabled,
  picker,
  ...controlled
}: TControlledFieldProps<TValues, TTransformed> & TRelationChoices) {
  return (
    <ControlledField {...controlled}>
      {(props, field) => (
        <RelationSelect
          {...props}
          options={options}
          noneLabel={noneLabel}
          isDisabled={isDisabled}
          picker={picker}
          ref={field.ref}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    </ControlledField>
  );
}
