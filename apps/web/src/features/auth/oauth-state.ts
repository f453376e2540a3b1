import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { tabStorage } from '../../lib/storage.ts';

/**
 * The OAuth `state` of a sign-in this tab started, so the callback page exchanges only a code meant for this browser.
 * The API checks that the state is one it issued, but not who it issued it to: without this, anyone could start a
 * sign-in with their own account, stop at the redirect, and send the callback link to someone else, who would be
 * signed in as them (and might add a card or deposit to their account). Kept in sessionStorage: the provider sends
 * the browser back to the tab that left, and another tab's flow keeps its own.
 */
const KEY = 'cypher:oauthState';

/** Before the browser goes to the provider: the state its address carries. */
export function rememberOAuthState(authorizationUrl: string): void {
  const state = new URL(authorizationUrl, window.location.href).searchParams.get('state');
  if (!state) return;
  try {
    tabStorage()?.setItem(KEY, state);
  } catch {
    // Storage refused (private mode, quota): the callback then asks to start again.
  }
}

/** The last state this tab took back, so a callback reloaded after it is told it was used, not foreign. */
const USED_KEY = 'cypher:oauthStateUsed';

/** Where a callback's state stands for this tab: the sign-in it started, one it already took back, or neither. */
export type TOAuthStateStanding = 'started-here' | 'used-here' | 'not-started-here';

/** On the callback: whether `state` is the one this tab started with (taken once: it is then remembered as used). */
export function takeOAuthState(state: string): TOAuthStateStanding {
  const store = tabStorage();
  const expected = store?.getItem(KEY);
  store?.removeItem(KEY);
  if (expected && expected === state) {
    try {
      store?.setItem(USED_KEY, state);
    } catch {
      // Storage refused: a reload is then told the sign-in was not started here, as before.
    }
    return 'started-here';
  }
  return store?.getItem(USED_KEY) === state ? 'used-here' : 'not-started-here';
}

const RETURN_KEY = 'cypher:oauthReturnTo';

/**
 * Before the browser goes to the provider: the page the person was going to (`redirectTo` of /signin or /signup, the
 * drop of "Sign in to buy"), for the callback to go on there. This tab only, as the state.
 */
export function rememberOAuthReturn(redirectTo: string | null): void {
  const path = safeRedirectPath(redirectTo, null);
  try {
    if (path && path !== '/') tabStorage()?.setItem(RETURN_KEY, path);
    else tabStorage()?.removeItem(RETURN_KEY);
  } catch {
    // Storage refused: the callback then goes home, as before.
  }
}

/** On the callback: the page to go on to (asked once: it is forgotten), or null for home. */
export function takeOAuthReturn(): string | null {
  const store = tabStorage();
  const path = store?.getItem(RETURN_KEY) ?? null;
  store?.removeItem(RETURN_KEY);
  return safeRedirectPath(path, null);
}
