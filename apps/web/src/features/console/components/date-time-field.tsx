import type { FieldValues } from 'react-hook-form';
import { ControlledField, type TControlledFieldProps } from './controlled-field.tsx';
import { DateTimeInput } from './date-time-input.tsx';

interface DateTimeFieldProps<TValues extends FieldValues, TTransformed> extends TControlledFieldProps<
  TValues,
  TTransformed
> {
  /** After the field took a new value (the drop form moves its first round's times with the drop's own). */
  onPicked?: (iso: string | null) => void;
}

/** A console form's date and time: picked in the operator's time zone, kept as an ISO instant (null for none). */
export function DateTimeField<TValues extends FieldValues, TTransformed = TValues>({
  onPicked,
  ...controlled
}: DateTimeFieldProps<TValues, TTransformed>) {
  return (
    <ControlledField {...controlled}>
      {(props, field) => (
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
    </ControlledField>
  );
}
