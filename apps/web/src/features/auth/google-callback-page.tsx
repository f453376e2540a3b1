import { errorCatalogue, type TOAuthSignInResponse } from '@cypher/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { startSession } from '../../lib/session.ts';
import { setStored } from '../../lib/storage.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { StatusScreen } from '../../ui/status-screen.tsx';
import { completeGoogleSignIn } from './api/google-callback.ts';
import { takeOAuthReturn, takeOAuthState, type TOAuthStateStanding } from './oauth-state.ts';

// A code works once: StrictMode's second effect run must share the first request rather than send the code again.
const exchanges = new Map<string, Promise<TOAuthSignInResponse>>();

/**
 * The callback's state is not one to exchange: a link someone else started (never exchanged), or this tab's own,
 * exchanged already (the page reloaded, after a refusal say), in the API's words for a spent state.
 */
class NotExchangedHere extends Error {
  constructor(standing: Exclude<TOAuthStateStanding, 'started-here'>) {
    super(
      standing === 'used-here'
        ? errorCatalogue.OAUTH_STATE_INVALID.message
        : 'This sign-in was not started in this browser. Please start again.',
    );
  }
}

/**
 * The page to go on to, taken from the tab's storage once per code like the exchange: the effect runs again when the
 * navigation it starts changes `navigate`, and the second run must not find it gone and go home.
 */
const returns = new Map<string, string | null>();
function returnOnce(code: string): string | null {
  if (!returns.has(code)) returns.set(code, takeOAuthReturn());
  return returns.get(code) ?? null;
}

function exchangeOnce(code: string, state: string): Promise<TOAuthSignInResponse> {
  let pending = exchanges.get(code);
  if (!pending) {
    const standing = takeOAuthState(state);
    pending =
      standing === 'started-here'
        ? completeGoogleSignIn({ code, state })
        : Promise.reject(new NotExchangedHere(standing));
    exchanges.set(code, pending);
  }
  return pending;
}

/** Where each answer of the callback leads: signed in, the SMS step of /signin, or the sign-up consent. */
const SOCIAL_SIGN_UP_PATH = '/signup?social=google';

/**
 * `/oauth/google/callback?code&state` (or `?error=access_denied&state`): "Logging in, please wait…" while the API
 * exchanges the code, then signed in (home), the SMS step (two-factor on), or sign-up consent for someone new, whose
 * temporary social-login profile waits in browser storage.
 */
export default function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const denied = searchParams.get('error');

  useEffect(() => {
    let isCurrent = true;
    if (!code || !state) {
      setFailure(
        denied ? 'Signing in with Google was cancelled.' : 'This sign-in link is incomplete. Please start again.',
      );
      return;
    }
    exchangeOnce(code, state)
      .then((answer) => {
        if (!isCurrent) return;
        // The page the person was going to when they chose Google ("Sign in to buy" a drop), kept by the button.
        const returnTo = returnOnce(code);
        const carried = returnTo ? `redirectTo=${encodeURIComponent(returnTo)}` : '';
        if ('accessToken' in answer) {
          startSession(answer);
          void navigate(returnTo ?? '/', { replace: true });
        } else if ('mfaRequired' in answer) {
          void navigate(carried ? `/signin?${carried}` : '/signin', { replace: true, state: { challenge: answer } });
        } else {
          setStored('socialProfile', answer.socialProfile);
          void navigate(carried ? `${SOCIAL_SIGN_UP_PATH}&${carried}` : SOCIAL_SIGN_UP_PATH, { replace: true });
        }
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        const isExplained = isApiError(error) || error instanceof NotExchangedHere;
        setFailure(isExplained ? error.message : 'Something went wrong. Please try again.');
      });
    return () => {
      isCurrent = false;
    };
  }, [code, state, denied, navigate]);

  if (failure) {
    return (
      <StatusScreen
        title="Google sign-in did not finish"
        message="We could not sign you in with Google"
        icon="alert"
        tone="danger"
        actions={
          <ButtonLink to="/signin" variant="primary">
            Back to sign in
          </ButtonLink>
        }
      >
        <p role="alert">{failure}</p>
      </StatusScreen>
    );
  }
  return <StatusScreen title="Signing in with Google" message="Logging in, please wait…" />;
}
