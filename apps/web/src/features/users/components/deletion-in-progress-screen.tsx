import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { StatusScreen } from '../../../ui/status-screen.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useRevokeAccountDeletion } from '../api/revoke-account-deletion.ts';

interface DeletionInProgressScreenProps {
  email: string;
  onSignOut: () => void;
  isSigningOut: boolean;
}

/**
 * Spec section 4: while a deletion request runs its seven days, a signed-in account sees only this, on every
 * route: cancel the request, or sign out.
 */
export function DeletionInProgressScreen({ email, onSignOut, isSigningOut }: DeletionInProgressScreenProps) {
  const { showToast } = useToast();
  const revoke = useRevokeAccountDeletion();
  const [error, setError] = useState<string>();

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
        <p>
          You asked for the account <strong>{email}</strong> to be deleted. Within seven days of the request it is
          removed for good, with its personal data.
        </p>
        <p>Changed your mind? Cancel the request and everything stays as it was.</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </StatusScreen>
    </main>
  );
}
