import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

interface ConfirmRequestDialogProps<T> {
  /** The checked request waiting for the operator's word; the dialog is open while there is one. */
  pending: T | undefined;
  /** While it is being sent the dialog stays open, and neither Cancel nor Escape closes it. */
  isSending: boolean;
  /** What the description says is still being read (what a grant has left): the confirmation waits for it. */
  isReading?: boolean;
  title: (request: T) => string;
  /** What it will do, in words: what it gives, to whom, and what that comes to in all. */
  description: (request: T) => ReactNode;
  /** More than a sentence says well: a list under the description. */
  details?: (request: T) => ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (request: T) => void;
}

/**
 * The last step of a console form whose request cannot be taken back or pays out to many (an airdrop, a batch of
 * codes, a ticket grant, a reward calendar): the form checks its fields, then this says what the request will do
 * before it is sent.
 */
export function ConfirmRequestDialog<T>({
  pending,
  isSending,
  isReading = false,
  title,
  description,
  details,
  confirmLabel,
  onCancel,
  onConfirm,
}: ConfirmRequestDialogProps<T>) {
  return (
    <Dialog
      isOpen={pending !== undefined}
      onClose={onCancel}
      isBusy={isSending}
      title={pending === undefined ? '' : title(pending)}
      description={pending === undefined ? undefined : description(pending)}
      footer={
        <>
          <Button onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => pending !== undefined && onConfirm(pending)}
            isLoading={isSending}
            disabled={isReading}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {pending !== undefined && details ? details(pending) : null}
    </Dialog>
  );
}
