import { useLocation } from 'react-router';

/**
 * The header's and the menu's Sign in and Sign up addresses. On the sign-in and sign-up pages they keep the page's
 * `redirectTo` (the drop someone came from with "Sign in to buy"), so switching between the two from the header does
 * not lose where the person was going.
 */
export function useAuthLinks(): { signIn: string; signUp: string } {
  const { pathname, search } = useLocation();
  const isAuthPage = /^\/(signin|signup)\/?$/i.test(pathname);
  const redirectTo = isAuthPage ? new URLSearchParams(search).get('redirectTo') : null;
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
  return { signIn: `/signin${query}`, signUp: `/signup${query}` };
}
