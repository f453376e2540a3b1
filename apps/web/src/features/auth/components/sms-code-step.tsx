import { zodResolver } from '@hookform/resolvers/zod';
import type { TMfaChallenge, TTokenPair } from '@cypher/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useSendMfaCode } from '../api/send-mfa-code.ts';
import { useSignIn2fa } from '../api/sign-in-2fa.ts';
import { ZSmsCodeForm } from '../form-schemas.ts';
import { ResendCode } from './resend-code.tsx';
import { SmsCodeInput } from './sms-code-input.tsx';
import styles from './auth-form.module.css';

type TSmsCodeFormInput = z.input<typeof ZSmsCodeForm>;
type TSmsCodeFormOutput = z.output<typeof ZSmsCodeForm>;

interface SmsCodeStepProps {
  challenge: TMfaChallenge;
  onSignedIn: (tokens: TTokenPair) => void;
  onBack: () => void;
  /** The sign-in attempt is over on the server: the page goes back to the form, saying to sign in again. */
  onChallengeEnded: () => void;
}

/**
 * Route: uses POST /v1/users/authentications/sign-in-2fa and mfa-code (with the mfaToken) · UI: /signin
 * (sign-in-page.tsx), for a password sign-in or one the Google callback hands over · Tests: sign-in-page.test.tsx.
 *
 * The SMS step of a two-factor sign-in. The mfaToken lives only in memory: a reload starts the sign-in over.
 */
export function SmsCodeStep({ challenge, onSignedIn, onBack, onChallengeEnded }: SmsCodeStepProps) {
  const signIn2fa = useSignIn2fa();
  const sendCode = useSendMfaCode();
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

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <Field label="Verification code" error={errors.code?.message}>
          {(control) => (
            <SmsCodeInput
              {...control}
              {...register('code')}
              className={styles.codeInput}
              placeholder="000000"
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" variant="primary" size="lg" isBlock isLoading={signIn2fa.isPending}>
          Verify
        </Button>
      </form>
      <ResendCode
        send={() => {
          clearErrors('root.server');
          return sendCode.mutateAsync(challenge.mfaToken);
        }}
        onError={(error) => {
          // A resend answers VERIFICATION_CODE_EXPIRED only when the attempt itself is over (spent by a password
          // reset, or past its half hour), so Resend could only fail again. A submit's VERIFICATION_CODE_EXPIRED
          // can be of one code (past its ten minutes, or guessed five times), which Resend cures: it stays a message.
          if (isApiError(error) && error.code === 'VERIFICATION_CODE_EXPIRED') return onChallengeEnded();
          applyApiError(error, setError, { fields: [] });
        }}
      />
      <Button variant="ghost" size="sm" className={styles.back} onClick={onBack}>
        <Icon name="arrow-left" size={16} />
        Back to sign in
      </Button>
    </div>
  );
}
