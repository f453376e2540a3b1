import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../api/api-error.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Field } from './field.tsx';
import { Input } from './input.tsx';
import styles from './password-confirm-dialog.module.css';

interface PasswordConfirmDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The button's words, e.g. "Continue". */
  confirmLabel: string;
  /**
   * Checks the password (and may go on to the action). A thrown Error's message is shown in the dialog (under the
   * password when the password was wrong); the dialog stays open so the person can try again.
   */
  onConfirm: (password: string) => Promise<void>;
  isDanger?: boolean;
}

/** A message the dialog shows: under the password (and tied to it) when it is about the password, else on top. */
interface DialogError {
  message: string;
  isAboutPassword: boolean;
}

/** The API's refusals that are about what was typed in the box, as sign-in puts a field's code under its field. */
const passwordCodes = new Set(['INVALID_PASSWORD']);

function dialogErrorOf(failure: unknown): DialogError {
  if (isApiError(failure)) {
    const isAboutPassword =
      passwordCodes.has(failure.code) || (failure.details ?? []).some((detail) => detail.field === 'password');
    return { message: failure.message, isAboutPassword };
  }
  return {
    message: failure instanceof Error ? failure.message : 'Something went wrong. Please try again.',
    isAboutPassword: false,
  };
}

/**
 * UI: the account security page (two-factor on or off, and in the two-factor dialog again when the confirmation ran
 * out mid-way) and the account deletion page · Tests: password-confirm-dialog.test.tsx.
 *
 * Re-authentication before a sensitive change: "enter your password to continue". The caller decides what the
 * password unlocks (two-factor on or off, a deletion request).
 */
export function PasswordConfirmDialog({
  isOpen,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  isDanger,
}: PasswordConfirmDialogProps) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<DialogError>();
  const [isPending, setIsPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  function close() {
    setPassword('');
    setError(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError({ message: 'Enter your password.', isAboutPassword: true });
      // To the field the message is about, as every form sends the focus to its first wrong field.
      passwordRef.current?.focus();
      return;
    }
    setIsPending(true);
    setError(undefined);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (failure) {
      setError(dialogErrorOf(failure));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      isBusy={isPending}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={isDanger ? 'danger' : 'primary'} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {error && !error.isAboutPassword ? <Alert tone="error">{error.message}</Alert> : null}
        <Field label="Current password" error={error?.isAboutPassword ? error.message : undefined}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              ref={passwordRef}
              data-autofocus
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
