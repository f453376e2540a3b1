import type { ReactNode, Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field, type FieldControlProps } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';

interface RelationSelectProps extends Partial<FieldControlProps> {
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLSelectElement>;
  options: { id: string; label: string }[] | undefined;
  /** The first option, meaning "none" (null). */
  noneLabel: string;
  isDisabled?: boolean;
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
  ...control
}: RelationSelectProps) {
  const isLoading = options === undefined;
  return (
    <Select
      {...control}
      value={value ?? ''}
      disabled={isDisabled}
      aria-busy={isLoading || undefined}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">{isLoading && !isDisabled ? 'Loading…' : noneLabel}</option>
      {/* Until the options arrive, keep the current choice selectable so the value does not flicker to "none". */}
      {isLoading && value ? <option value={value}>Loading…</option> : null}
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

type TRelationChoices = Pick<RelationSelectProps, 'options' | 'noneLabel' | 'isDisabled'>;

interface RelationFieldProps<TValues extends FieldValues, TTransformed> extends TRelationChoices {
  /** The form's control (its values as typed, and as its resolver hands them over). */
  control: Control<TValues, unknown, TTransformed>;
  /** A field holding the chosen entry's id, or null for none. */
  name: Path<TValues>;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
  className?: string;
}

/** A console form's RelationSelect, bound to react-hook-form: its error under it, focused when the form is sent with it wrong. */
export function RelationField<TValues extends FieldValues, TTransformed = TValues>({
  control,
  name,
  label,
  hint,
  isRequired,
  className,
  ...choices
}: RelationFieldProps<TValues, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          hint={hint}
          error={fieldState.error?.message}
          isRequired={isRequired}
          className={className}
        >
          {(props) => (
            <RelationSelect
              {...props}
              {...choices}
              ref={field.ref}
              value={field.value as string | null | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      )}
    />
  );
}
