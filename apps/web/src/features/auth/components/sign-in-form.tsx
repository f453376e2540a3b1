import { zodResolver } from '@hookform/resolvers/zod';
import type { TLoginResponse, TMfaChallenge, TTokenPair } from '@cypher/contract';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useLogIn } from '../api/log-in.ts';
import { ZSignInForm } from '../form-schemas.ts';
import { GoogleButton } from './google-button.tsx';
import { PasswordInput } from './password-input.tsx';
import styles from './auth-form.module.css';

type TSignInFormInput = z.input<typeof ZSignInForm>;
type TSignInFormOutput = z.output<typeof ZSignInForm>;

interface SignInFormProps {
  onSignedIn: (tokens: TTokenPair) => void;
  onChallenge: (challenge: TMfaChallenge) => void;
  /** False while the SMS step is shown in the form's place (the form stays mounted behind it, keeping what was typed). */
  isShown: boolean;
}

function isChallenge(answer: TLoginResponse): answer is TMfaChallenge {
  return 'mfaRequired' in answer;
}

export function SignInForm({ onSignedIn, onChallenge, isShown }: SignInFormProps) {
  const logIn = useLogIn();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<TSignInFormInput, unknown, TSignInFormOutput>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });

  // Back from the SMS step ("Back to sign in", or an attempt over on the server): the step's buttons are gone with it,
  // which drops the focus to the page. The email and password are still filled in, so the password is where to be.
  const wasHidden = useRef(!isShown);
  useEffect(() => {
    if (isShown && wasHidden.current) setFocus('password');
    wasHidden.current = !isShown;
  }, [isShown, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await logIn.mutateAsync(values);
      if (isChallenge(answer)) onChallenge(answer);
      else onSignedIn(answer);
    } catch (error) {
      applyApiError(error, setError, { fields: ['email', 'password'], fieldForCode: { USER_ID_NOT_FOUND: 'email' } });
      // The button it was sent from is disabled while sending, which drops the focus to the page: back to the field
      // to correct, the email for an address we do not know, else the password.
      setFocus(isApiError(error) && error.code === 'USER_ID_NOT_FOUND' ? 'email' : 'password');
    }
  });

  return (
    <div className={styles.form}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="email" inputMode="email" {...register('email')} />
          )}
        </Field>
        <div className={styles.fieldWithLink}>
          <Field label="Password" error={errors.password?.message}>
            {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('password')} />}
          </Field>
          <Link to="/password/reset" className={styles.fieldLink}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" variant="primary" size="lg" isBlock isLoading={logIn.isPending}>
          Sign in
        </Button>
      </form>
      <p className={styles.divider}>or</p>
      <GoogleButton />
    </div>
  );
}
