import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useSendEmailVerification } from '../api/send-email-verification.ts';
import { useCountdown } from './use-countdown.ts';
import styles from './auth-form.module.css';

// Long enough that an impatient second click does not spend the hourly allowance of verification mails.
const RESEND_WAIT_SECONDS = 30;

/** "Resend the verification email", for a signed-in user whose email is not verified yet. */
export function ResendVerificationButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const send = useSendEmailVerification();
  const wait = useCountdown(RESEND_WAIT_SECONDS, { startNow: false });
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  async function resend() {
    setErrorMessage(null);
    try {
      const { sentTo } = await send.mutateAsync();
      wait.restart();
      showToast({ tone: 'success', title: 'Verification email sent', description: `We sent a new link to ${sentTo}.` });
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_ALREADY_VERIFIED') {
        // Verified meanwhile (perhaps on another device): the fresh user record moves this page on.
        showToast({ tone: 'info', title: error.message });
        await queryClient.invalidateQueries({ queryKey: queryKeys.users.my() });
        return;
      }
      setErrorMessage(isApiError(error) ? error.message : 'We could not send the email. Please try again.');
    }
  }

  return (
    <div className={styles.actions}>
      <Button
        variant={variant}
        size="lg"
        isBlock
        isLoading={send.isPending}
        disabled={wait.isRunning}
        onClick={() => void resend()}
      >
        {wait.isRunning ? `Resend available in ${wait.remaining} s` : 'Resend verification email'}
      </Button>
      {errorMessage ? <Alert tone="error">{errorMessage}</Alert> : null}
    </div>
  );
}
