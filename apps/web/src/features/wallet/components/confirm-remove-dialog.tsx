import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

/** Asks before a saved payout destination goes; the API's refusal, if any, shows inside. */
export function ConfirmRemoveDialog({
  name,
  title,
  onConfirm,
  onClose,
  isRemoving,
  error,
}: {
  /** What is removed, as its list shows it; the dialog is open while there is one. */
  name: string | undefined;
  title: string;
  onConfirm: () => void;
  onClose: () => void;
  isRemoving: boolean;
  error?: string;
}) {
  return (
    <Dialog
      isOpen={name !== undefined}
      onClose={onClose}
      isBusy={isRemoving}
      title={title}
      description={`${name ?? ''} will no longer be offered when you withdraw. Withdrawals already requested are not affected.`}
      footer={
        <>
          <Button onClick={onClose}>Keep it</Button>
          <Button variant="danger" isLoading={isRemoving} onClick={onConfirm}>
            Remove
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Dialog>
  );
}
