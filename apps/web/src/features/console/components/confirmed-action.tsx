import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import type { ButtonVariant } from '../../../ui/button-class-name.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { ToastOptions } from '../../../ui/toast-context.ts';
import { useToast } from '../../../ui/use-toast.ts';

interface ConfirmedActionProps<T> {
  /** The button's words, in the header and in the dialog: "Publish", "Close now". */
  label: string;
  variant?: ButtonVariant;
  /** The dialog's question, a line under it, and what the action changes for good (a list, as the drop's publish says it). */
  title: string;
  description: string;
  children?: ReactNode;
  /** Why the action cannot be confirmed now (unsaved changes): said in the dialog, the button off. */
  blocker?: string;
  action: UseMutationResult<T, Error, void>;
  /** Said once done. */
  doneToast: (result: T) => ToastOptions;
}

/**
 * One console action behind a confirmation that says what it changes for collectors (a pass's or a fusion's publish, a
 * fusion's close), as the drop's publish does: the dialog stays open while it runs and says why if it is refused
 * (with the API's field details), and a toast says when it is done.
 */
export function ConfirmedAction<T>({
  label,
  variant = 'primary',
  title,
  description,
  children,
  blocker,
  action,
  doneToast,
}: ConfirmedActionProps<T>) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { showToast } = useToast();
  const details = isApiError(action.error) ? (action.error.details ?? []) : [];

  async function confirm() {
    try {
      const result = await action.mutateAsync();
      setIsConfirming(false);
      showToast({ tone: 'success', ...doneToast(result) });
    } catch {
      // The dialog stays open and says why (action.error).
    }
  }

  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          action.reset();
          setIsConfirming(true);
        }}
      >
        {label}
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        isBusy={action.isPending}
        title={title}
        description={description}
        footer={
          <>
            <Button onClick={() => setIsConfirming(false)} disabled={action.isPending}>
              Cancel
            </Button>
            <Button
              variant={variant}
              onClick={() => void confirm()}
              isLoading={action.isPending}
              disabled={blocker !== undefined}
            >
              {label}
            </Button>
          </>
        }
      >
        {children}
        {blocker ? <Alert tone="error">{blocker}</Alert> : null}
        {action.isError ? (
          details.length > 0 ? (
            <Alert tone="error" title={action.error.message}>
              <ul>
                {details.map((detail) => (
                  <li key={`${detail.field}-${detail.message}`}>{detail.message}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <Alert tone="error">{action.error.message}</Alert>
          )
        ) : null}
      </Dialog>
    </>
  );
}
