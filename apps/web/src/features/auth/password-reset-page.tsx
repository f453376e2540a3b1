import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { endSession } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
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

  function finish() {
    // The server ended every session; the tokens stored here are dead, so clear them rather than wait for a 401.
    endSession();
    const notice: SignInNotice = 'password-reset';
    void navigate('/signin', { replace: true, state: { notice } });
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
