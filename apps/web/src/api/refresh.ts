import type { TTokenPair } from '@cypher/contract';
import { currentPath, navigateTo } from '../lib/navigator.ts';
import { endSession, replaceTokens } from '../lib/session.ts';
import { getStored } from '../lib/storage.ts';
import { isApiError } from './api-error.ts';
import { apiRequest, setUnauthorizedHandler, type UnauthorizedCall } from './client.ts';

/**
 * Token refresh, the session rules of spec section 4:
 * - a call made with `auth: true` that answers 401 is refreshed once, with the refresh token as Bearer credential,
 *   and sent again with the new access token (the client sends it at most once more);
 * - the API rotates refresh tokens and treats a second use of one as theft, ending the whole sign-in
 *   (docs/decisions/0004). So only ONE refresh runs at a time: 401s that arrive while it runs wait for it and are
 *   retried with its result, and across tabs a Web Lock keeps two tabs from spending the same token;
 * - a refresh answered 400 or 401 clears every stored item, turns logged-in off and goes to sign-in, except for the
 *   attendance-today check (only the clearing), and never while already on sign-in, the home page or a page a
 *   signed-out person comes to (NO_REDIRECT_PATHNAMES);
 * - with no refresh token stored, the caller gets its original 401.
 */
const REFRESH_PATH = '/users/authentications/auth-refresh';

type RefreshOutcome =
  /** A new pair is stored. */
  | 'refreshed'
  /** The API refused the refresh token (400 or 401): the session is over. */
  | 'rejected'
  /** The refresh could not be made (network, 5xx, 429): the session may still be good, so it is kept. */
  | 'unavailable';

interface RefreshAttempt {
  outcome: Promise<RefreshOutcome>;
  /** One redirect per failed refresh, however many calls were queued behind it. */
  hasRedirected: boolean;
}

let inFlight: RefreshAttempt | undefined;

// The attendance-today check runs in the background; a session ending there must not pull the visitor away.
const ATTENDANCE_TODAY_PATHS = new Set(['/v1/attendance/today', '/v2/attendance/today']);
/**
 * "When the session cannot be refreshed and the user is not on login or index, the user goes to the login route."
 * Nor on the pages a signed-out person comes to, to sign up or from a mailed link: a session that died in this
 * browser (its refresh token expired or revoked) is only forgotten there, and the page stays as opened, its query
 * (the link's key) kept. Sign-in would take someone who forgot their password away from the reset link they need,
 * and someone verifying their email away from the key that does it. The list is the spec's status-redirect
 * exemptions (app/session-redirect.ts) but for /profile/creation, which needs the session.
 */
const NO_REDIRECT_PATHNAMES = new Set([
  '/',
  '/signin',
  '/signup',
  '/password/reset',
  '/email/verify',
  '/email/verified',
]);

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Web Locks serialise refreshes across tabs of the same origin; where they do not exist, one tab is all we guard. */
async function underRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('cypher:auth-refresh', work) : work();
}

/**
 * The pairs other tabs got, by the refresh token they spent. The Web Lock passes from tab to tab sooner than
 * localStorage's writes do (Chromium copies them between tabs' processes later): a tab that took the lock right after
 * another rotated could still read the spent token and send it (a review saw it in 4 of 16 tries). The API answers
 * that with the same pair for 30 s (decision record 54), but it once ended the sign-in everywhere as theft, and it
 * costs a request: so the tab that rotates also hands the pair over on a BroadcastChannel before it lets go.
 */
const handedOver = new Map<string, TTokenPair>();
const refreshChannel =
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('cypher:auth-refresh');
refreshChannel?.addEventListener('message', (event: MessageEvent<{ spent?: unknown; pair?: TTokenPair }>) => {
  if (typeof event.data.spent === 'string' && event.data.pair) handedOver.set(event.data.spent, event.data.pair);
});
/** How long a tab holding the lock waits once for another tab's hand-over before it spends the token itself. */
const HANDOVER_WAIT_MS = 50;

/** Where the token this tab would spend stands now that it holds the lock. */
async function standingOf(spentToken: string): Promise<'signed-out' | 'rotated' | 'current'> {
  for (let look = 1; ; look += 1) {
    const stored = getStored('refreshToken');
    // Another tab signed out while we waited for the lock, or rotated the pair: use its result, spend nothing.
    if (!stored) return 'signed-out';
    const pair = handedOver.get(spentToken);
    if (pair) {
      if (stored === spentToken) replaceTokens(pair);
      return 'rotated';
    }
    if (stored !== spentToken) return 'rotated';
    if (look === 2 || !refreshChannel) return 'current';
    await new Promise((resolve) => setTimeout(resolve, HANDOVER_WAIT_MS));
  }
}

async function refresh(spentToken: string): Promise<RefreshOutcome> {
  return underRefreshLock(async () => {
    const standing = await standingOf(spentToken);
    if (standing === 'signed-out') return 'rejected';
    if (standing === 'rotated') return 'refreshed';
    try {
      const pair = await apiRequest<TTokenPair>('POST', REFRESH_PATH, {
        headers: { Authorization: `Bearer ${spentToken}` },
      });
      replaceTokens(pair);
      refreshChannel?.postMessage({ spent: spentToken, pair });
      return 'refreshed';
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 401)) return 'rejected';
      return 'unavailable';
    }
  });
}

function redirectToSignIn(): void {
  const { pathname, search, hash = '' } = currentPath();
  if (NO_REDIRECT_PATHNAMES.has(withoutTrailingSlash(pathname))) return;
  // Coming back here after signing in again is the point of the redirect; /signin checks that the path is local.
  navigateTo(`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}${hash}`)}`, { replace: true });
}

async function refreshAfterUnauthorized(call: UnauthorizedCall): Promise<boolean> {
  const refreshToken = getStored('refreshToken');
  if (!refreshToken) return false;

  // The call went out with an access token that a refresh has replaced since: no need to refresh again.
  const currentAccessToken = getStored('accessToken');
  if (!inFlight && currentAccessToken && currentAccessToken !== call.sentAccessToken) return true;

  if (!inFlight) {
    const attempt: RefreshAttempt = { outcome: refresh(refreshToken), hasRedirected: false };
    inFlight = attempt;
    void attempt.outcome.finally(() => {
      if (inFlight === attempt) inFlight = undefined;
    });
  }
  const attempt = inFlight;
  const outcome = await attempt.outcome;
  if (outcome === 'refreshed') return true;
  if (outcome === 'rejected') {
    endSession();
    if (!ATTENDANCE_TODAY_PATHS.has(call.path) && !attempt.hasRedirected) {
      attempt.hasRedirected = true;
      redirectToSignIn();
    }
  }
  return false;
}

/** Called once at start-up: from then on every 401 on an authorised call goes through the refresh queue. */
export function installTokenRefresh(): () => void {
  setUnauthorizedHandler(refreshAfterUnauthorized);
  return () => setUnauthorizedHandler(undefined);
}
