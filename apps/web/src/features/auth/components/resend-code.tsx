import { useState } from 'react';
import type { TCodeSent } from '@cypher/contract';
import { Button } from '../../../ui/button.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCountdown } from './use-countdown.ts';
import styles from './auth-form.module.css';

/** A new code may be asked for this long after the last one was sent: a text takes a moment to arrive. */
const RESEND_WAIT_SECONDS = 30;

/**
 * "Didn't get a code?" under a code field: sign-in's SMS step and two-factor's code step. Shown once a code has been
 * sent, so the wait starts as it mounts; each send starts it over and says where the code went. A refusal goes to
 * `onError`, for the step to show where it shows its errors.
 */
export function ResendCode({ send, onError }: { send: () => Promise<TCodeSent>; onError: (error: unknown) => void }) {
  const { showToast } = useToast();
  const wait = useCountdown(RESEND_WAIT_SECONDS);
  const [isSending, setIsSending] = useState(false);

  async function resend() {
    setIsSending(true);
    try {
      const sent = await send();
      wait.restart();
      showToast({
        tone: 'success',
        title: 'New code sent',
        description: `Sent to the phone ending in ${sent.phoneEnding}.`,
      });
    } catch (error) {
      onError(error);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <div className={styles.row}>
      <p className={styles.muted}>Didn&apos;t get a code?</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void resend()}
        disabled={wait.isRunning}
        isLoading={isSending}
      >
        {wait.isRunning ? `Resend code in ${wait.remaining} s` : 'Resend code'}
      </Button>
    </div>
  );
}
