import { useId, useState, type FormEvent, type ReactNode } from 'react';
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
   * Checks the password (and may go on to the action). A thrown Error's message is shown in the dialog; the
   * dialog stays open so the person can try again.
   */
  onConfirm: (password: string) => Promise<void>;
  isDanger?: boolean;
}

/**
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
  const [error, setError] = useState<string>();
  const [isPending, setIsPending] = useState(false);

  function close() {
    setPassword('');
    setError(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setIsPending(true);
    setError(undefined);
    try {
      await onConfirm(password);
      setPassword('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
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
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field label="Current password">
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoFocus
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
