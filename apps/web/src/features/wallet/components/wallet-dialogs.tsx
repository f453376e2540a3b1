import { errorCatalogue, formatMoney, type TMoney } from '@cypher/contract';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import styles from '../payment-page.module.css';

/** A withdrawal the withdrawable balance cannot cover with its fee: what it needs, and the most that can go. */
export interface WithdrawalShortfall {
  /** What this request needs against what can be withdrawn; none when the API found the funds short. */
  detail?: string;
  /** Whether the method charges a fee per request (a wire does, USDC does not): the popup names it only then. */
  hasFee: boolean;
  /** The most one request can take now, when it is at least the smallest withdrawal. */
  largest?: TMoney;
  /** Puts `largest` in the form's amount. */
  useLargest?: () => void;
}

/**
 * Spec section 2's insufficient-funds popup, for a withdrawal: more asked than can be withdrawn, or the API's
 * INSUFFICIENT_FUNDS. Adding funds is no answer here (a card payment becomes withdrawable only once it settles), so it
 * offers the most that can go now instead.
 */
export function InsufficientFundsDialog({
  shortfall,
  onClose,
}: {
  shortfall: WithdrawalShortfall | undefined;
  onClose: () => void;
}) {
  const largest = shortfall?.largest;
  const useLargest = shortfall?.useLargest;
  return (
    <Dialog
      isOpen={shortfall !== undefined}
      onClose={onClose}
      title="Insufficient funds"
      description={
        largest
          ? `You can withdraw up to ${formatMoney(largest)} now${shortfall?.hasFee ? ', plus the fee' : ''}.`
          : `Your withdrawable balance does not cover this withdrawal${shortfall?.hasFee ? ' with its fee' : ''}.`
      }
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          {largest && useLargest ? (
            <Button
              variant="primary"
              onClick={() => {
                useLargest();
                onClose();
              }}
            >
              Withdraw {formatMoney(largest)}
            </Button>
          ) : null}
        </>
      }
    >
      {shortfall?.detail ? <p className={styles.muted}>{shortfall.detail}</p> : null}
      <p className={styles.muted}>
        Money paid by card or Tilia can be withdrawn once it settles; credit from rewards and codes is for spending on
        drops, passes and tickets.
      </p>
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
      isBusy={isResubmitting}
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
