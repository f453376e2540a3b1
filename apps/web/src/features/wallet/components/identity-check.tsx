import { useEffect, useState, type ReactNode } from 'react';
import type { TMyIdentityVerification } from '@cypher/contract';
import { getStored, setStored } from '../../../lib/storage.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  IDENTITY_POLL_GIVE_UP_MS,
  useMyIdentityVerification,
  useStartIdentityVerification,
} from '../api/identity-verification.ts';
import { identityFailureInWords } from '../wallet-messages.ts';
import { ResubmitIdDialog } from './wallet-dialogs.tsx';
import styles from './identity-check.module.css';

/**
 * Money leaves only to a verified person (KYC). The Withdraw tab asks this first: not verified yet, the verify card;
 * pending, "we're checking your ID" (polled); failed, the "Resubmit ID" popup; verified, `children` (the forms).
 * `returnedFrom` is the attempt the provider just sent the person back from (`?identity=<id>`): its outcome is said.
 */
export function IdentityCheck({ returnedFrom, children }: { returnedFrom: string | null; children: ReactNode }) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const identity = useMyIdentityVerification(startedAt);
  const start = useStartIdentityVerification();

  const startVerification = async () => {
    try {
      const { verificationUrl } = await start.mutateAsync();
      if (verificationUrl) window.location.assign(verificationUrl);
    } catch {
      // The message is shown from start.error.
    }
  };

  if (identity.isPending) {
    return (
      <div role="status" className={styles.card} aria-busy="true" aria-label="Checking your identity status">
        <Skeleton width="12rem" height="1.5rem" />
        <Skeleton />
      </div>
    );
  }
  if (identity.isError && !identity.data) {
    return (
      <Alert
        tone="error"
        title="We could not check your identity status"
        action={
          <Button size="sm" variant="secondary" onClick={() => void identity.refetch()}>
            Try again
          </Button>
        }
      >
        {identity.error.message}
      </Alert>
    );
  }

  const { status, verification } = identity.data;
  const isReturn = returnedFrom !== null && verification?.id === returnedFrom;
  const startError = start.isError ? start.error.message : undefined;

  if (status === 'verified') {
    return (
      <>
        {isReturn ? (
          <Alert
            tone="success"
            title="Identity verified"
            action={
              <ButtonLink to="/payment?tab=withdraw" size="sm" variant="secondary" replace>
                Done
              </ButtonLink>
            }
          >
            Thank you. You can withdraw to your bank account or USDC wallet now.
          </Alert>
        ) : null}
        {children}
      </>
    );
  }
  if (status === 'failed') {
    return (
      <FailedCheck
        key={verification?.id}
        verification={verification}
        onResubmit={() => void startVerification()}
        isResubmitting={start.isPending}
        error={startError}
      />
    );
  }
  if (status === 'pending') {
    return (
      <PendingCheck
        verificationUrl={verification?.verificationUrl ?? null}
        startedAt={startedAt}
        onCheckAgain={() => {
          setStartedAt(Date.now());
          void identity.refetch();
        }}
      />
    );
  }
  return (
    <section className={styles.card} aria-labelledby="verify-identity-title">
      <div className={styles.heading}>
        <span className={styles.badge}>
          <Icon name="shield" size={24} />
        </span>
        <h2 id="verify-identity-title" className={styles.title}>
          Verify your identity
        </h2>
      </div>
      <p className={styles.text}>
        Before money leaves your balance we check that it goes to you. Upload a photo of your passport, driving licence
        or national ID card with our verification partner: it takes a couple of minutes, and you do it once.
      </p>
      {startError ? <Alert tone="error">{startError}</Alert> : null}
      <div>
        <Button variant="primary" onClick={() => void startVerification()} isLoading={start.isPending}>
          Verify your identity
        </Button>
      </div>
    </section>
  );
}

function PendingCheck({
  verificationUrl,
  startedAt,
  onCheckAgain,
}: {
  verificationUrl: string | null;
  startedAt: number;
  onCheckAgain: () => void;
}) {
  const [hasGivenUp, setHasGivenUp] = useState(false);
  useEffect(() => {
    setHasGivenUp(false);
    const timer = setTimeout(() => setHasGivenUp(true), Math.max(0, startedAt + IDENTITY_POLL_GIVE_UP_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [startedAt]);

  return (
    <section className={styles.card} aria-labelledby="checking-identity-title" aria-live="polite">
      <div className={styles.heading}>
        {hasGivenUp ? (
          <span className={styles.badge}>
            <Icon name="clock" size={24} />
          </span>
        ) : (
          <Spinner size="1.5rem" />
        )}
        <h2 id="checking-identity-title" className={styles.title}>
          We&apos;re checking your ID
        </h2>
      </div>
      <p className={styles.text}>
        {hasGivenUp
          ? 'This is taking longer than usual. You can leave this page: withdrawals open once your ID is verified.'
          : 'This usually takes a few minutes. Withdrawals open as soon as your ID is verified.'}
      </p>
      <div className={styles.actions}>
        {hasGivenUp ? (
          <Button size="sm" variant="secondary" onClick={onCheckAgain}>
            Check again
          </Button>
        ) : null}
        {verificationUrl ? (
          <a className={styles.link} href={verificationUrl}>
            Not uploaded yet? Continue the verification
          </a>
        ) : null}
      </div>
    </section>
  );
}

function FailedCheck({
  verification,
  onResubmit,
  isResubmitting,
  error,
}: {
  verification: TMyIdentityVerification['verification'];
  onResubmit: () => void;
  isResubmitting: boolean;
  error?: string;
}) {
  // Open when the failure is first shown (on arrival, or after a withdrawal was refused for it); once closed, it stays
  // closed for that check on later visits (the card below still offers Resubmit ID).
  const [isDialogOpen, setDialogOpen] = useState(() => getStored('identityFailureSeen') !== verification?.id);
  const closeDialog = () => {
    setDialogOpen(false);
    if (verification) setStored('identityFailureSeen', verification.id);
  };
  const reason = identityFailureInWords(verification?.failureReason);
  return (
    <>
      <section className={`${styles.card} ${styles.failed}`} aria-labelledby="identity-failed-title">
        <div className={styles.heading}>
          <span className={`${styles.badge} ${styles.badgeWarning}`}>
            <Icon name="alert" size={24} />
          </span>
          <h2 id="identity-failed-title" className={styles.title}>
            We could not verify your identity
          </h2>
        </div>
        <p className={styles.text}>{reason}</p>
        {error && !isDialogOpen ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Button variant="primary" onClick={onResubmit} isLoading={isResubmitting}>
            Resubmit ID
          </Button>
        </div>
      </section>
      <ResubmitIdDialog
        isOpen={isDialogOpen}
        onClose={closeDialog}
        reason={reason}
        onResubmit={onResubmit}
        isResubmitting={isResubmitting}
        error={error}
      />
    </>
  );
}
