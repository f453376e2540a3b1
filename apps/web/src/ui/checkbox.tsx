import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
  /** May hold links (terms, privacy policy); they stay separately clickable. */
  label: ReactNode;
  /** The spec's message for this box; shown under it and announced. */
  error?: string;
}

/**
 * A real checkbox with its label beside it, sized for thumbs. Spreads react-hook-form's `register()` props:
 * `<Checkbox label="I agree" error={errors.agree?.message} {...register('agree')} />`
 */
export function Checkbox({ label, error, className, id: givenId, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        <input
          {...rest}
          id={id}
          type="checkbox"
          className={styles.box}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
