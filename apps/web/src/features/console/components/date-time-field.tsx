import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { DateTimeInput } from './date-time-input.tsx';

interface DateTimeFieldProps<TValues extends FieldValues, TTransformed> {
  /** The form's control (its values as typed, and as its resolver hands them over). */
  control: Control<TValues, unknown, TTransformed>;
  /** A field holding an ISO instant, or null for none. */
  name: Path<TValues>;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
  className?: string;
  /** After the field took a new value (the drop form moves its first round's times with the drop's own). */
  onPicked?: (iso: string | null) => void;
}

/**
 * A console form's date and time, bound to react-hook-form: picked in the operator's time zone, kept as an ISO instant,
 * its error under it, and focused when the form is sent with it wrong.
 */
export function DateTimeField<TValues extends FieldValues, TTransformed = TValues>({
  control,
  name,
  label,
  hint,
  isRequired,
  className,
  onPicked,
}: DateTimeFieldProps<TValues, TTransformed>) {
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
            <DateTimeInput
              {...props}
              ref={field.ref}
              value={field.value as string | null | undefined}
              onBlur={field.onBlur}
              onChange={(iso) => {
                field.onChange(iso);
                onPicked?.(iso);
              }}
            />
          )}
        </Field>
      )}
    />
  );
}
