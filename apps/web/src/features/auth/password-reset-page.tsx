import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { endSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { usePasswordResetKeyCheck } from './api/check-password-reset-key.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { CheckingLink } from './components/checking-link.tsx';
import { NewPasswordForm } from './components/new-password-form.tsx';
import { RequestResetForm } from './components/request-reset-form.tsx';
import type { SignInNotice } from './sign-in-notices.ts';
import styles from './components/auth-form.module.css';

const backToSignIn = (
  <p>
    Remembered it? <Link to="/signin">Back to sign in</Link>
  </p>
);

/**
 * `/password/reset`. Without a key: ask for the link. With `?key=` (the mailed link): choose the new password.
 * A reset ends every session, this device's included, so it finishes on /signin with a notice.
 */
export default function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  return key ? <ChooseNewPassword resetKey={key} /> : <RequestLink />;
}

function RequestLink() {
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <AuthLayout
        title="Reset password"
        heading="Check your email"
        icon="mail"
        intro={
          <p>
            If an account exists for <strong>{sentTo}</strong>, we sent a link to reset its password. The link works for
            one hour.
          </p>
        }
        footer={backToSignIn}
      >
        <p className={styles.muted}>Nothing there after a few minutes? Check your spam folder, or try again.</p>
        <Button variant="secondary" size="lg" isBlock onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset password"
      heading="Forgot your password?"
      icon="key"
      intro={<p>Enter the email you signed up with and we will send you a link to choose a new password.</p>}
      footer={backToSignIn}
    >
      <RequestResetForm onSent={setSentTo} />
    </AuthLayout>
  );
}

function ChooseNewPassword({ resetKey }: { resetKey: string }) {
  const navigate = useNavigate();
  const keyCheck = usePasswordResetKeyCheck(resetKey);

  function finish() {
    // The server ended every session; the tokens stored here are dead, so clear them rather than wait for a 401.
    endSession();
    const notice: SignInNotice = 'password-reset';
    void navigate('/signin', { replace: true, state: { notice } });
  }

  if (keyCheck.isPending) return <CheckingLink title="Reset password" heading="Choose a new password" icon="lock" />;
  // A link used already or past its hour: said before a password is typed for nothing. Any other failure (the network)
  // leaves it to the reset, which checks the key again.
  if (isApiError(keyCheck.error) && keyCheck.error.code === 'INVALID_AUTHORIZATION_KEY') {
    return (
      <AuthLayout
        title="Reset password"
        heading="This link no longer works"
        icon="alert"
        iconTone="danger"
        intro={<p>A reset link works once, for one hour. Ask for a new one and use the newest email.</p>}
        footer={backToSignIn}
      >
        <Alert tone="error">{keyCheck.error.message}</Alert>
        <ButtonLink to="/password/reset" variant="primary" size="lg" isBlock>
          Request a new link
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset password"
      heading="Choose a new password"
      icon="lock"
      intro={
        <p>Pick a password you have not used here before. Every device signed in to your account will be signed out.</p>
      }
      footer={
        <p>
          Link not working? <Link to="/password/reset">Request a new one</Link>
        </p>
      }
    >
      <NewPasswordForm resetKey={resetKey} onReset={finish} />
    </AuthLayout>
  );
}
