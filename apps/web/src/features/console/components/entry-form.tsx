import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { Alert } from '../../../ui/alert.tsx';
import styles from './console-form.module.css';

/**
 * A console entry's form: named for what it edits, the API's refusal on top, then its sections and actions. A refusal
 * is brought into sight when it comes: Save is at the foot of a long form, and on a phone the top is scrolled away by
 * then, so "someone else changed this" would otherwise be announced but not seen. It takes the focus too, as an error
 * summary does: from Save, the keyboard's next Tab went on past the form's end, away from what the refusal is about.
 * Each submit clears it first (react-hook-form's root errors do not outlive a submit), so the same refusal twice is
 * brought into sight twice. A refusal about one field is that field's own error, focused by `applyApiError`.
 */
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
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!serverError) return;
    refusal.current?.scrollIntoView?.({ block: 'start' });
    refusal.current?.focus({ preventScroll: true });
  }, [serverError]);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      {serverError ? (
        <div ref={refusal} className={styles.refusal} tabIndex={-1}>
          <Alert tone="error">{serverError}</Alert>
        </div>
      ) : null}
      {children}
    </form>
  );
}
