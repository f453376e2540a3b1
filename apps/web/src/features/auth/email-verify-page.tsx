import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useMyUser } from '../../api/my-user.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSignOut } from './api/log-out.ts';
import { verifyEmailQueryOptions } from './api/verify-email.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { CheckingLink } from './components/checking-link.tsx';
import { EmailVerifiedPanel } from './components/email-verified-panel.tsx';
import { ResendVerificationButton } from './components/resend-verification-button.tsx';
import styles from './components/auth-form.module.css';

const SIGN_IN_HERE = `/signin?redirectTo=${encodeURIComponent('/email/verify')}`;
const SIGN_IN_AFTER_VERIFYING = '/signin';

/**
 * `/email/verify`. With `?key=` (the link in the mail): verifying, then verified or failed. Without: "check your
 * inbox", with a resend button. Exempt from the status redirect, so a CREATED account can stay here.
 */
export default function EmailVerifyPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  return key ? <VerifyWithKey verificationKey={key} /> : <CheckYourInbox />;
}

function VerifyWithKey({ verificationKey }: { verificationKey: string }) {
  const { isLoggedIn } = useSession();
  const { user, isLoading: isUserLoading } = useMyUser();
  const queryClient = useQueryClient();
  const verification = useQuery(verifyEmailQueryOptions(verificationKey));

  // The account moved on to EMAIL_VERIFIED: refresh the user record so the shell's status redirect follows it.
  useEffect(() => {
    if (verification.isSuccess && isLoggedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.users.my() });
  }, [verification.isSuccess, isLoggedIn, queryClient]);

  // What the page says depends on who is signed in here (their account, or another's link): it waits to know.
  if (verification.isPending || isUserLoading) {
    return <CheckingLink title="Verify your email" heading="Verifying your email" icon="mail" />;
  }
  if (verification.isSuccess) {
    // The link may be opened where someone else is signed in: their account is not the one it verified.
    const verified = verification.data;
    if (user && user.id !== verified.userId) return <VerifiedForAnotherAccount email={user.email} />;
    return <EmailVerifiedPanel status={user?.status ?? verified.status} />;
  }

  const error = verification.error;
  const isBadKey = isApiError(error) && error.code === 'INVALID_AUTHORIZATION_KEY';
  // The link was opened before and verified its address: signed out (or as another account), that is all to say.
  const isSpentLink = isApiError(error) && error.code === 'EMAIL_ALREADY_VERIFIED';
  if (isSpentLink && !user?.isEmailVerified) {
    return (
      <AuthLayout
        title="Email verified"
        icon="check"
        iconTone="success"
        intro={<p>This link was used already: the address it was sent to is verified. There is nothing more to do.</p>}
      >
        <ButtonLink to={user ? '/' : SIGN_IN_AFTER_VERIFYING} variant="primary" size="lg" isBlock>
          {user ? 'Continue' : 'Sign in'}
        </ButtonLink>
      </AuthLayout>
    );
  }
  // A link opened twice, or any spent key, while signed in to a verified account: the key did nothing, which is said,
  // and that there is nothing to do. (It once said "Email verified" for any key at all.)
  if ((isBadKey || isSpentLink) && user?.isEmailVerified) {
    return (
      <AuthLayout
        title="Verify your email"
        heading="This link no longer works"
        icon="check"
        intro={
          <p>
            Your address, <strong>{user.email}</strong>, is verified already: there is nothing more to do.
          </p>
        }
      >
        <Alert tone="info">{error.message}</Alert>
        <ButtonLink to={user.status === 'ACTIVE' ? '/' : '/profile/creation'} variant="primary" size="lg" isBlock>
          Continue
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Verify your email"
      heading="We could not verify your email"
      icon="alert"
      iconTone="danger"
      intro={
        isBadKey ? (
          <p>The link may have expired (links work for 24 hours) or been used already. Ask for a new one below.</p>
        ) : null
      }
    >
      <Alert tone="error">{error.message}</Alert>
      {!isBadKey ? (
        <Button variant="primary" size="lg" isBlock onClick={() => void verification.refetch()}>
          Try again
        </Button>
      ) : isLoggedIn ? (
        <ResendVerificationButton />
      ) : (
        <ButtonLink to={SIGN_IN_HERE} variant="primary" size="lg" isBlock>
          Sign in to get a new link
        </ButtonLink>
      )}
    </AuthLayout>
  );
}

/** The key worked, for an account other than the one signed in here: that account goes on where it is signed in. */
function VerifiedForAnotherAccount({ email }: { email: string }) {
  return (
    <AuthLayout
      title="Email verified"
      icon="check"
      iconTone="success"
      intro={
        <p>
          That address is confirmed. This browser is signed in as <strong>{email}</strong>, another account: sign in
          with the address you confirmed to go on setting it up.
        </p>
      }
    >
      <ButtonLink to="/" variant="primary" size="lg" isBlock>
        Continue
      </ButtonLink>
    </AuthLayout>
  );
}

function CheckYourInbox() {
  const { isLoggedIn } = useSession();
  const { user, isLoading, error, refetch } = useMyUser();
  const signOut = useSignOut();
  const navigate = useNavigate();

  if (!isLoggedIn) {
    return (
      <AuthLayout
        title="Verify your email"
        icon="mail"
        intro={<p>Open the link in the email we sent when you signed up. To get a new link, sign in first.</p>}
      >
        <ButtonLink to={SIGN_IN_HERE} variant="primary" size="lg" isBlock>
          Sign in
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (isLoading) {
    return (
      <AuthLayout title="Verify your email" heading="Check your inbox" icon="mail">
        <div role="status" className={styles.form} aria-busy="true" aria-label="Loading your account">
          <Skeleton height="20px" width="90%" />
          <Skeleton height="48px" radius="var(--radius-pill)" />
        </div>
      </AuthLayout>
    );
  }
  if (!user) {
    return (
      <AuthLayout title="Verify your email" heading="Check your inbox" icon="mail">
        <Alert tone="error">{error?.message ?? 'We could not load your account.'}</Alert>
        <Button variant="primary" size="lg" isBlock onClick={() => void refetch()}>
          Try again
        </Button>
      </AuthLayout>
    );
  }
  if (user.isEmailVerified) return <EmailVerifiedPanel status={user.status} />;

  return (
    <AuthLayout
      title="Verify your email"
      heading="Check your inbox"
      icon="mail"
      intro={
        <p>
          We sent a verification link to <strong>{user.email}</strong>. Open it to finish setting up your account.
        </p>
      }
      footer={
        <p>
          Wrong address?{' '}
          <button
            type="button"
            className={styles.inlineButton}
            disabled={signOut.isPending}
            onClick={() => void signOut.mutateAsync().then(() => navigate('/signup'))}
          >
            Sign out and sign up again
          </button>
        </p>
      }
    >
      <p className={styles.muted}>
        The link works for 24 hours. Nothing there? Check your spam folder, or send it again.
      </p>
      <ResendVerificationButton />
    </AuthLayout>
  );
}
