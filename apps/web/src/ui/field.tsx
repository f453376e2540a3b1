import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** What the control inside a Field must carry so the label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Help under the control: a sentence, or richer content such as a checklist (hence a div, not a p). */
  hint?: ReactNode;
  /** The spec's message for this field; shown under it and announced. */
  error?: string;
  isRequired?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form field. The control comes from a render function so it can be any Input, Textarea or Select and
 * still spread react-hook-form's `register()` props:
 * `<Field label="Email" error={errors.email?.message}>{(p) => <Input type="email" {...p} {...register('email')} />}</Field>`
 */
export function Field({ label, hint, error, isRequired, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {isRequired ? <span className={styles.required}>(required)</span> : null}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': isRequired ? true : undefined,
      })}
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
