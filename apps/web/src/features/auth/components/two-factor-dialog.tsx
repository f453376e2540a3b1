import { useQueryClient } from '@tanstack/react-query';
import type { TCodeSent } from '@cypher/contract';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { checkPassword } from '../../../api/check-password.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { PasswordConfirmDialog } from '../../../ui/password-confirm-dialog.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { registerMfaPhone } from '../api/register-mfa-phone.ts';
import { setTwoFactor } from '../api/set-two-factor.ts';
import { ZMfaCodeForm, ZPhoneForm } from '../form-schemas.ts';
import { ResendCode } from './resend-code.tsx';
import { SmsCodeInput } from './sms-code-input.tsx';
import styles from './auth-form.module.css';

/** The code step knows how its code was sent, so "Resend code" sends another the same way. */
export type TwoFactorStep = { kind: 'phone' } | { kind: 'code'; phoneEnding: string; resend: () => Promise<TCodeSent> };

interface TwoFactorDialogProps {
  /** Turning two-factor on (phone, then code) or off (code only: the code was sent before opening). */
  isEnabling: boolean;
  step: TwoFactorStep | null;
  onStep: (step: TwoFactorStep | null) => void;
}

function messageOf(error: unknown): string {
  return isApiError(error) ? error.message : 'Something went wrong. Please try again.';
}

/**
 * Route: uses POST /v1/users/authentications/mfa-register, POST and DELETE mfa, mfa-code (resend to turn off), and
 * check-password when its confirmation lapsed mid-way · UI: /account/security (account-security-page.tsx) · Tests:
 * account-security-page.test.tsx.
 *
 * The steps after re-authentication: the phone number (to turn on), then the 6-digit code from the SMS.
 */
export function TwoFactorDialog({ isEnabling, step, onStep }: TwoFactorDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [isPending, setIsPending] = useState(false);
  // Asking for the password again: settled with whether it was confirmed (true) or the person backed out (false).
  const [passwordPrompt, setPasswordPrompt] = useState<{ settle: (isConfirmed: boolean) => void } | null>(null);

  /**
   * The password check vouches for ten minutes only, and a text can take longer to come (or the person longer to
   * type it): the API then answers REAUTHENTICATION_REQUIRED before it looks at the number or the code, so nothing
   * is spent. The password is asked for again over this dialog, which keeps what was typed, and the step goes on.
   */
  async function withPasswordConfirmed<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (failure) {
      if (!isApiError(failure) || failure.code !== 'REAUTHENTICATION_REQUIRED') throw failure;
      const isConfirmed = await new Promise<boolean>((settle) => setPasswordPrompt({ settle }));
      if (!isConfirmed) throw failure;
      return action();
    }
  }

  function settlePasswordPrompt(isConfirmed: boolean) {
    passwordPrompt?.settle(isConfirmed);
    setPasswordPrompt(null);
  }

  function close() {
    setValue('');
    setError(undefined);
    onStep(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!step) return;
    setError(undefined);
    const parsed =
      step.kind === 'phone' ? ZPhoneForm.safeParse({ phoneNumber: value }) : ZMfaCodeForm.safeParse({ code: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setIsPending(true);
    try {
      if (step.kind === 'phone') {
        const body = { phoneNumber: value };
        const sent = await withPasswordConfirmed(() => registerMfaPhone(body));
        setValue('');
        onStep({ kind: 'code', phoneEnding: sent.phoneEnding, resend: () => registerMfaPhone(body) });
      } else {
        await withPasswordConfirmed(() => setTwoFactor({ isEnabled: isEnabling, code: value }));
        await queryClient.invalidateQueries({ queryKey: queryKeys.users.my() });
        showToast({ tone: 'success', title: isEnabling ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off' });
        close();
      }
    } catch (failure) {
      setError(messageOf(failure));
      // A lost answer may be of a change that went through: the page shows the status as it now stands.
      if (step.kind !== 'phone') void queryClient.invalidateQueries({ queryKey: queryKeys.users.my() });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <>
      <Dialog
        isOpen={step !== null}
        onClose={close}
        isBusy={isPending}
        title={isEnabling ? 'Turn on two-factor sign-in' : 'Turn off two-factor sign-in'}
        description={
          step?.kind === 'code'
            ? `Enter the 6-digit code we sent to the phone ending in ${step.phoneEnding}.`
            : 'Enter the mobile number that will receive a code each time you sign in.'
        }
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="primary" isLoading={isPending}>
              {step?.kind === 'phone' ? 'Send code' : isEnabling ? 'Turn on' : 'Turn off'}
            </Button>
          </>
        }
      >
        <div className={styles.form}>
          <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            {step?.kind === 'phone' ? (
              <Field label="Mobile number" hint="With the country code, e.g. +15551234567." error={error}>
                {(control) => (
                  <Input
                    {...control}
                    key="phone"
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    value={value}
                    onChange={(event) => setValue(event.target.value)}
                    autoFocus
                    data-autofocus
                  />
                )}
              </Field>
            ) : (
              <Field label="Verification code" error={error}>
                {(control) => (
                  <SmsCodeInput
                    {...control}
                    key="code"
                    value={value}
                    onChange={(event) => setValue(event.target.value)}
                    autoFocus
                    data-autofocus
                  />
                )}
              </Field>
            )}
          </form>
          {step?.kind === 'code' ? (
            <ResendCode
              send={() => {
                setError(undefined);
                return withPasswordConfirmed(step.resend);
              }}
              onError={(failure) => setError(messageOf(failure))}
            />
          ) : null}
        </div>
      </Dialog>
      {/* Beside the dialog, not in it: opened over it, and its Escape and clicks stay its own. */}
      <PasswordConfirmDialog
        isOpen={passwordPrompt !== null}
        onClose={() => settlePasswordPrompt(false)}
        title="Confirm with your password again"
        description="Your password confirmation ran out while you waited. Enter your password to carry on where you were."
        confirmLabel="Continue"
        onConfirm={async (password) => {
          await checkPassword(password);
          settlePasswordPrompt(true);
        }}
      />
    </>
  );
}
