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

/** On the callback: whether `state` is the one this tab started with (asked once: the state is forgotten). */
export function isOAuthStateOurs(state: string): boolean {
  const store = tabStorage();
  const expected = store?.getItem(KEY);
  store?.removeItem(KEY);
  return Boolean(expected) && expected === state;
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
