import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../../../ui/alert.tsx';
import styles from './console-form.module.css';

/** A console entry's form: named for what it edits, the API's refusal on top, then its sections and actions. */
export function EntryForm({
  label,
  onSubmit,
  serverError,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  serverError: string | undefined;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      {children}
    </form>
  );
}
