import type { TTokenPair } from '@cypher/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { startSession, useSession } from '../../lib/session.ts';
import { getStored, removeStored, setStored, type StoredSocialProfile } from '../../lib/storage.ts';
import { Alert } from '../../ui/alert.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { GoogleButton } from './components/google-button.tsx';
import { SignedInAlready } from './components/signed-in-already.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';
import type { SignInNotice } from './sign-in-notices.ts';
import { SocialConsentForm } from './components/social-consent-form.tsx';
import styles from './components/auth-form.module.css';

/**
 * `/signup`. The new account starts signed in with status CREATED; going home hands it to the shell's status
 * redirect, which sends it to /email/verify (the verification mail is already on its way).
 */
type PendingSocialProfile = StoredSocialProfile & { signUpToken: string };

/** `?social=google` after the Google callback: the temporary social-login profile waiting for consent, if any. */
function pendingSocialProfile(isSocial: boolean): PendingSocialProfile | undefined {
  if (!isSocial) return undefined;
  const profile = getStored('socialProfile');
  return profile?.signUpToken ? (profile as PendingSocialProfile) : undefined;
}

export default function SignUpPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const isSocial = searchParams.get('social') === 'google';
  const [socialProfile] = useState(() => pendingSocialProfile(isSocial));
  const { isLoggedIn } = useSession();

  function finish(tokens: TTokenPair) {
    startSession(tokens);
    // Verification and profile creation come first (the shell sends the new account there); the page the person
    // came from waits for the end of them, across the verification link's fresh page.
    const returnTo = safeRedirectPath(searchParams.get('redirectTo'), null);
    if (returnTo && returnTo !== '/') setStored('signUpReturnTo', returnTo);
    // The temporary social-login profile has served its purpose once the account exists.
    removeStored('socialProfile');
    void navigate('/', { replace: true });
  }

  function leaveSocialSignUp() {
    removeStored('socialProfile');
    setSearchParams({}, { replace: true });
  }

  /** A retry after the account was made (its answer lost), or past the token's half hour: sign in with Google. */
  function leaveSpentSocialSignUp(notice: SignInNotice) {
    removeStored('socialProfile');
    void navigate('/signin', { replace: true, state: { notice } });
  }

  // Already signed in: an empty sign-up form is no use; go on to where the person was going (as sign-in does).
  // finish() starts the session and goes home itself, where the status redirect asks to verify the email.
  if (isLoggedIn) return <SignedInAlready to={safeRedirectPath(searchParams.get('redirectTo'))} title="Sign up" />;

  if (isSocial && socialProfile) {
    return (
      <AuthLayout
        title="Sign up"
        heading="Finish signing up"
        intro={
          <p>
            You are signing up with Google as <strong>{socialProfile.email}</strong>. Please read and accept our terms.
          </p>
        }
      >
        <SocialConsentForm
          profile={socialProfile}
          onSignedUp={finish}
          onCancel={leaveSocialSignUp}
          onTokenSpent={leaveSpentSocialSignUp}
        />
      </AuthLayout>
    );
  }

  const signInLink = searchParams.has('redirectTo') ? `/signin?${searchParams.toString()}` : '/signin';

  return (
    <AuthLayout
      title="Sign up"
      heading="Create your account"
      intro={<p>Collect, evolve and collaborate with the brands you love.</p>}
      footer={
        <p>
          Already have an account? <Link to={signInLink}>Sign in</Link>
        </p>
      }
    >
      <div className={styles.stack}>
        {isSocial ? (
          <Alert tone="error">Your sign-up with Google has expired. Please continue with Google again.</Alert>
        ) : null}
        <GoogleButton />
        <p className={styles.divider}>or with email</p>
        <SignUpForm onSignedUp={finish} />
      </div>
    </AuthLayout>
  );
}
