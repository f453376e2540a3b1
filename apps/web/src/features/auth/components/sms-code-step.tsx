import { zodResolver } from '@hookform/resolvers/zod';
import { SMS_CODE_LENGTH, type TMfaChallenge, type TTokenPair } from '@cypher/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useSendMfaCode } from '../api/send-mfa-code.ts';
import { useSignIn2fa } from '../api/sign-in-2fa.ts';
import { ZSmsCodeForm } from '../form-schemas.ts';
import { useCountdown } from './use-countdown.ts';
import styles from './auth-form.module.css';

/** A new code may be asked for this long after the last one was sent. */
const RESEND_WAIT_SECONDS = 30;

type TSmsCodeFormInput = z.input<typeof ZSmsCodeForm>;
type TSmsCodeFormOutput = z.output<typeof ZSmsCodeForm>;

interface SmsCodeStepProps {
  challenge: TMfaChallenge;
  onSignedIn: (tokens: TTokenPair) => void;
  onBack: () => void;
}

/** The SMS step of a two-factor sign-in. The mfaToken lives only in memory: a reload starts the sign-in over. */
export function SmsCodeStep({ challenge, onSignedIn, onBack }: SmsCodeStepProps) {
  const { showToast } = useToast();
  const signIn2fa = useSignIn2fa();
  const sendCode = useSendMfaCode();
  const resendWait = useCountdown(RESEND_WAIT_SECONDS);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TSmsCodeFormInput, unknown, TSmsCodeFormOutput>({
    resolver: zodResolver(ZSmsCodeForm),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await signIn2fa.mutateAsync({ mfaToken: challenge.mfaToken, code }));
    } catch (error) {
      applyApiError(error, setError, { fields: ['code'], fieldForCode: { INVALID_VERIFICATION_CODE: 'code' } });
    }
  });

  async function resend() {
    clearErrors('root.server');
    try {
      const sent = await sendCode.mutateAsync(challenge.mfaToken);
      resendWait.restart();
      showToast({
        tone: 'success',
        title: 'New code sent',
        description: `Sent to the phone ending in ${sent.phoneEnding}.`,
      });
    } catch (error) {
      applyApiError(error, setError, { fields: [] });
    }
  }

  // Only digits go in: a pasted "123 456" or "123-456" becomes 123456.
  const codeField = register('code');

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <Field label="Verification code" error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              {...codeField}
              onChange={(event) => {
                event.target.value = event.target.value.replace(/\D/g, '').slice(0, 6);
                return codeField.onChange(event);
              }}
              className={styles.codeInput}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={SMS_CODE_LENGTH}
              placeholder="000000"
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" variant="primary" size="lg" isBlock isLoading={signIn2fa.isPending}>
          Verify
        </Button>
      </form>
      <div className={styles.row}>
        <p className={styles.muted}>Didn&apos;t get a code?</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void resend()}
          disabled={resendWait.isRunning}
          isLoading={sendCode.isPending}
        >
          {resendWait.isRunning ? `Resend code in ${resendWait.remaining} s` : 'Resend code'}
        </Button>
      </div>
      <Button variant="ghost" size="sm" className={styles.back} onClick={onBack}>
        <Icon name="arrow-left" size={16} />
        Back to sign in
      </Button>
    </div>
  );
}
