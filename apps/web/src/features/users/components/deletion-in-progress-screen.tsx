import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { StatusScreen } from '../../../ui/status-screen.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useNowAt } from '../../../lib/use-now-at.ts';
import { useRevokeAccountDeletion } from '../api/revoke-account-deletion.ts';

/**
 * How long past its day a deletion may wait for its job (apps/api's complete-account-deletions, run at 23 minutes past
 * every hour), with room for a long run.
 */
const DELETION_JOB_SLACK_MS = 90 * 60_000;

interface DeletionInProgressScreenProps {
  email: string;
  /** When the account is deleted (ISO), from the user record: set whenever a deletion is requested. */
  deletionScheduledAt: string | null;
  onSignOut: () => void;
  isSigningOut: boolean;
}

/**
 * Spec section 4: while a deletion request runs its seven days, a signed-in account sees only this, on every
 * route: cancel the request, or sign out.
 */
export function DeletionInProgressScreen({
  email,
  deletionScheduledAt,
  onSignOut,
  isSigningOut,
}: DeletionInProgressScreenProps) {
  const { showToast } = useToast();
  const revoke = useRevokeAccountDeletion();
  const [error, setError] = useState<string>();
  // Past the job's next run, the account is still here for a reason of its own.
  const overdueAt = deletionScheduledAt
    ? new Date(Date.parse(deletionScheduledAt) + DELETION_JOB_SLACK_MS).toISOString()
    : null;
  const now = useNowAt([overdueAt]);
  const isOverdue = overdueAt !== null && Date.parse(overdueAt) <= now.getTime();

  async function cancelRequest() {
    setError(undefined);
    try {
      await revoke.mutateAsync();
      showToast({ tone: 'success', title: 'Deletion cancelled', description: 'Welcome back! Your account stays.' });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <main id="main" tabIndex={-1}>
      <StatusScreen
        title="Account deletion in progress"
        message="Your account is being deleted"
        icon="trash"
        tone="danger"
        actions={
          <>
            <Button variant="primary" onClick={() => void cancelRequest()} isLoading={revoke.isPending}>
              Cancel deletion request
            </Button>
            <Button variant="ghost" onClick={onSignOut} isLoading={isSigningOut}>
              Sign out
            </Button>
          </>
        }
      >
        {/* The account is deleted seven days after the request, not within them: the date, with its zone, as the
            request's mail gives it, so nobody reads it as a day too early. */}
        <p>
          You asked for the account <strong>{email}</strong> to be deleted, with its personal data.{' '}
          {isOverdue && deletionScheduledAt
            ? // The deletion runs within the hour of its day unless something came into the account since the request
              // (a purchase's packs, an airdrop): it then waits for that to be emptied, which only the account can do.
              `It was due on ${formatDateTimeWithZone(deletionScheduledAt)}, but the account still holds something that must be emptied first, such as funds, packs or collectibles that arrived since, or a payment still in progress, which ends by itself. Cancel the request to see and empty it, then ask again.`
            : deletionScheduledAt
              ? `Your account will be deleted on ${formatDateTimeWithZone(deletionScheduledAt)}. Until then you can cancel the request.`
              : 'Your account will be deleted seven days after the request. Until then you can cancel the request.'}
        </p>
        <p>Changed your mind? Cancel the request and everything stays as it was.</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </StatusScreen>
    </main>
  );
}
