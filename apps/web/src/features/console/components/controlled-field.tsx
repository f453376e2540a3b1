import type { ReactNode } from 'react';
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { Field, type FieldControlProps } from '../../../ui/field.tsx';

/** What a console form's controlled field is told: where its value lives, and how it is labelled. */
export interface TControlledFieldProps<TValues extends FieldValues, TTransformed> {
  /** The form's control (its values as typed, and as its resolver hands them over). */
  control: Control<TValues, unknown, TTransformed>;
  name: Path<TValues>;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
  className?: string;
}

interface ControlledFieldProps<TValues extends FieldValues, TTransformed> extends TControlledFieldProps<
  TValues,
  TTransformed
> {
  /** The control itself, given the Field's ids and react-hook-form's value, handlers and ref. */
  children: (props: FieldControlProps, field: ControllerRenderProps<TValues, Path<TValues>>) => ReactNode;
}

/**
 * A labelled Field whose control react-hook-form drives (a control that is not a plain input: a date and time kept as
 * an ISO instant, a select of related entries): its error under it, and focused when the form is sent with it wrong,
 * as long as the control takes `field.ref`.
 */
export function ControlledField<TValues extends FieldValues, TTransformed = TValues>({
  control,
  name,
  children,
  ...labelled
}: ControlledFieldProps<TValues, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field {...labelled} error={fieldState.error?.message}>
          {(props) => children(props, field)}
        </Field>
      )}
    />
  );
}
