import type { TMfaChallenge, TTokenPair } from '@cypher/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { endSession, startSession, useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { SignedInAlready } from './components/signed-in-already.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SmsCodeStep } from './components/sms-code-step.tsx';
import { signInNotices, startOverNotices, type SignInNotice } from './sign-in-notices.ts';
import styles from './components/auth-form.module.css';

/** The Google callback hands over its SMS step through router state. */
function challengeFrom(state: unknown): TMfaChallenge | null {
  const challenge = (state as { challenge?: Partial<TMfaChallenge> } | null)?.challenge;
  return challenge?.mfaRequired && typeof challenge.mfaToken === 'string' && typeof challenge.phoneEnding === 'string'
    ? (challenge as TMfaChallenge)
    : null;
}

function noticeFrom(state: unknown): SignInNotice | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && notice in signInNotices ? (notice as SignInNotice) : undefined;
}

/**
 * `/signin`: email and password, then the SMS step when two-factor is on. Afterwards (or at once, when already
 * signed in) the visitor goes where `redirectTo` says (when it is a path on this site) or home, and the shell's
 * status redirect takes it from there.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [challenge, setChallenge] = useState<TMfaChallenge | null>(() => challengeFrom(location.state));
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
  const notice = noticeFrom(location.state);
  const { isLoggedIn } = useSession();

  // A deletion request ended every session on the server; the account page hands over to here to clear this one.
  useEffect(() => {
    if (notice === 'deletion-requested') endSession();
  }, [notice]);

  // Already signed in (a bookmark, the back button, a link that asks to sign in first): there is nothing to fill
  // in, so go on to where the person was going. Not while a deletion request hands over here to end the session.
  if (isLoggedIn && notice !== 'deletion-requested') return <SignedInAlready to={redirectTo} title="Sign in" />;

  function finish(tokens: TTokenPair) {
    startSession(tokens);
    void navigate(redirectTo, { replace: true });
  }

  /**
   * The sign-in attempt is over on the server (a password reset spent it, or its half hour is up): no code can be
   * sent for it again, so back to the form, which still holds the email, saying to sign in again. The router state
   * is replaced too, so a challenge the Google callback handed over does not come back on a reload.
   */
  function leaveEndedChallenge() {
    setChallenge(null);
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { notice: 'sign-in-code-expired' satisfies SignInNotice } },
    );
  }

  const signUpLink = searchParams.has('redirectTo') ? `/signup?${searchParams.toString()}` : '/signup';

  return (
    <AuthLayout
      title="Sign in"
      heading={challenge ? 'Check your phone' : 'Sign in'}
      icon={challenge ? 'phone' : undefined}
      intro={
        challenge ? (
          <p>
            Enter the 6-digit code we sent to the phone ending in <strong>{challenge.phoneEnding}</strong>.
          </p>
        ) : (
          <p>Welcome back. Sign in to see your collection, drops and rewards.</p>
        )
      }
      footer={
        challenge ? undefined : (
          <p>
            New here? <Link to={signUpLink}>Create an account</Link>
          </p>
        )
      }
    >
      {challenge ? (
        <SmsCodeStep
          challenge={challenge}
          onSignedIn={finish}
          onBack={() => setChallenge(null)}
          onChallengeEnded={leaveEndedChallenge}
        />
      ) : null}
      {/* Kept mounted behind the SMS step, so "Back to sign in" finds the email still typed in. */}
      <div className={styles.stack} hidden={challenge !== null}>
        {notice ? (
          <Alert tone={startOverNotices.has(notice) ? 'info' : 'success'}>{signInNotices[notice]}</Alert>
        ) : null}
        <SignInForm onSignedIn={finish} onChallenge={setChallenge} isShown={challenge === null} />
      </div>
    </AuthLayout>
  );
}
