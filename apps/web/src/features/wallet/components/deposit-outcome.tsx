import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, purchaseStatusPath } from '@cypher/contract';
import { Navigate, useLocation } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { isFromNotification } from '../../../lib/from-notification.ts';
import { fundsReturnLabel } from '../../../lib/funds-return.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useMyBalances } from '../../../api/my-balances.ts';
import { DEPOSIT_POLL_GIVE_UP_MS, finalDepositStatuses, useDepositOutcome } from '../api/get-deposit.ts';
import { depositFailureInWords } from '../wallet-messages.ts';
import styles from '../payment-page.module.css';

/** A payment that came in this long before the page opened is not news of the moment (below). */
const JUST_ADDED_MS = 15 * 60_000;

/**
 * When a succeeded deposit came in, if this visit retells it (opened from its notification, or a while after it came
 * in); null when it is news of the moment (back from the checkout). Only then is the balance its news: by a later
 * visit the balance may have moved with a purchase since, and "Your USD balance is now" beside this payment would
 * read as what this one made it.
 */
function addedEarlier(succeededAt: string | undefined, isRetold: boolean): string | null {
  if (succeededAt === undefined) return null;
  return isRetold || Date.now() - Date.parse(succeededAt) >= JUST_ADDED_MS ? succeededAt : null;
}

/**
 * Back from the hosted checkout at `/payment?deposit=<id>`: what became of the payment. The provider confirms by
 * webhook, so the page asks every few seconds while it is pending, and stops after a minute with a polite word.
 */
export function DepositOutcome({
  depositId,
  returnPath,
  onReturn,
}: {
  depositId: string;
  /** Where the person came from to add funds: once the funds are in, the way back is the main action. */
  returnPath?: string | null;
  onReturn?: () => void;
}) {
  const queryClient = useQueryClient();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [hasGivenUp, setHasGivenUp] = useState(false);
  const deposit = useDepositOutcome(depositId, startedAt);
  const status = deposit.data?.status;
  const balances = useMyBalances();
  const isRetold = isFromNotification(useLocation().state);

  useEffect(() => {
    const timer = setTimeout(() => setHasGivenUp(true), Math.max(0, startedAt + DEPOSIT_POLL_GIVE_UP_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [startedAt]);

  // Settled: the balance (when it succeeded) and the lists of payments in progress, which still showed it as one.
  useEffect(() => {
    if (!status || !finalDepositStatuses.includes(status)) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.deposits.lists() });
    if (status === 'succeeded') void queryClient.invalidateQueries({ queryKey: queryKeys.balances.all });
  }, [status, queryClient]);

  // A purchase's payment (card or Tilia) is told on the purchase's own page, which says what the money paid for: here
  // it would read as money added to the balance. Its checkout returns there; a typed or stale address lands here.
  const orderId = deposit.data?.orderId;
  if (orderId) return <Navigate to={purchaseStatusPath(orderId)} replace />;

  const done = (
    <ButtonLink to="/payment" size="sm" variant="secondary" replace>
      Done
    </ButtonLink>
  );

  let content;
  if (deposit.isError && !deposit.data) {
    // NOT_FOUND is the API's "no such route": the deposit lookup has not shipped yet, so say only what is true.
    content =
      isApiError(deposit.error) && deposit.error.code === 'NOT_FOUND' ? (
        <Alert tone="info" title="We're confirming your payment" action={done}>
          Your balance updates as soon as the payment provider confirms it. This usually takes a moment.
        </Alert>
      ) : isApiError(deposit.error) && (deposit.error.code === 'DEPOSIT_NOT_FOUND' || deposit.error.status === 400) ? (
        // Not one of this person's payments (another's, or an address typed wrong): asking again cannot find it.
        <Alert tone="error" title="We could not find this payment" action={done}>
          {deposit.error.message}
        </Alert>
      ) : (
        <Alert
          tone="error"
          title="We could not check this payment"
          action={
            <>
              <Button size="sm" variant="primary" onClick={() => void deposit.refetch()} isLoading={deposit.isFetching}>
                Check again
              </Button>
              {done}
            </>
          }
        >
          {deposit.error.message}
        </Alert>
      );
  } else if (status === 'succeeded') {
    const amount = deposit.data?.amount;
    const addedAt = addedEarlier(deposit.data?.updatedAt, isRetold);
    content = (
      <Alert
        tone="success"
        title="Funds added"
        action={
          returnPath ? (
            <>
              <ButtonLink to={returnPath} size="sm" variant="primary" onClick={onReturn}>
                {fundsReturnLabel(returnPath)}
              </ButtonLink>
              {done}
            </>
          ) : (
            done
          )
        }
      >
        {amount ? `${formatMoney(amount)} was added to your balance` : 'The payment was added to your balance'}
        {addedAt ? ` on ${formatDate(addedAt)}` : null}
        {deposit.data?.paymentMethod ? ` (paid with ${deposit.data.paymentMethod}).` : '.'}
        {balances.data && !addedAt ? ` Your USD balance is now ${formatMoney(balances.data.usd.total)}.` : null}
      </Alert>
    );
  } else if (status === 'failed' && deposit.data) {
    const { amount, method } = deposit.data;
    content = (
      <Alert
        tone="error"
        title="Payment failed"
        action={
          <>
            <ButtonLink
              to={`/payment?tab=add-funds&amount=${amount.amount}&method=${method}`}
              size="sm"
              variant="primary"
              replace
            >
              Try again
            </ButtonLink>
            {done}
          </>
        }
      >
        {depositFailureInWords(deposit.data)}
      </Alert>
    );
  } else if (status === 'expired') {
    content = (
      <Alert tone="info" title="Checkout expired" action={done}>
        The checkout closed before the payment was confirmed. If your payment still goes through, it is added to your
        balance as soon as the provider confirms it: check your balance before you add money again.
      </Alert>
    );
  } else if (hasGivenUp) {
    content = (
      <Alert
        tone="info"
        title="This is taking longer than usual"
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setHasGivenUp(false);
              setStartedAt(Date.now());
              void deposit.refetch();
            }}
          >
            Check again
          </Button>
        }
      >
        The payment provider has not confirmed your payment yet. Your balance updates on its own once it does; you can
        leave this page.
      </Alert>
    );
  } else {
    content = (
      <div className={styles.pending}>
        <Spinner />
        <div>
          <p className={styles.pendingTitle}>Confirming your payment</p>
          <p className={styles.muted}>This usually takes a few seconds. Please keep this page open.</p>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.outcome} aria-live="polite">
      {content}
    </div>
  );
}
