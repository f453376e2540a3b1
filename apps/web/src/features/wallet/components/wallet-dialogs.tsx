import { errorCatalogue } from '@cypher/contract';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useLeaveWithoutAsking } from '../../../ui/unsaved-changes.ts';
import styles from '../payment-page.module.css';

/**
 * Spec section 2's popup: more asked than can be withdrawn, or the API's INSUFFICIENT_FUNDS. Its "Add funds" is the
 * person's answer to a request that cannot go as typed, so it leaves the withdrawal form without asking again.
 */
export function InsufficientFundsDialog({
  isOpen,
  onClose,
  detail,
}: {
  isOpen: boolean;
  onClose: () => void;
  detail?: string;
}) {
  const leaveWithoutAsking = useLeaveWithoutAsking();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Insufficient funds"
      description={errorCatalogue.INSUFFICIENT_FUNDS.message}
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          <ButtonLink
            to="/payment?tab=add-funds"
            variant="primary"
            onClick={() => {
              leaveWithoutAsking();
              onClose();
            }}
          >
            Add funds
          </ButtonLink>
        </>
      }
    >
      {detail ? <p className={styles.muted}>{detail}</p> : null}
    </Dialog>
  );
}

/** Spec section 8's popup: the API refused the wire details (most often the routing number). */
export function WireVerificationDialog({
  isOpen,
  onClose,
  messages,
}: {
  isOpen: boolean;
  onClose: () => void;
  messages: string[];
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Unable to verify wire transfer information"
      description="We could not verify the bank details you entered. The routing number is the most likely cause: it must be the 9-digit number for wire transfers, not the one for electronic (ACH) transfers."
      footer={
        <Button variant="primary" onClick={onClose}>
          Check the details
        </Button>
      }
    >
      {messages.length > 0 ? (
        <ul className={styles.dialogList}>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/**
 * Spec section 8's "resubmit ID" popup: the identity check failed (or a withdrawal was refused for it). It says why
 * in plain words and starts a new attempt from here.
 */
export function ResubmitIdDialog({
  isOpen,
  onClose,
  reason,
  onResubmit,
  isResubmitting,
  error,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** The failed attempt's reason, already in plain words. */
  reason: string;
  onResubmit: () => void;
  isResubmitting: boolean;
  error?: string;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Resubmit ID"
      description={errorCatalogue.IDENTITY_VERIFICATION_FAILED.message}
      footer={
        <>
          <Button onClick={onClose}>Not now</Button>
          <Button variant="primary" onClick={onResubmit} isLoading={isResubmitting}>
            Resubmit ID
          </Button>
        </>
      }
    >
      <div className={styles.dialogText}>
        <p>{reason}</p>
        <p className={styles.muted}>Withdrawals open as soon as your ID is verified. Your balance stays as it is.</p>
        {error ? (
          <p className={styles.dialogError} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
