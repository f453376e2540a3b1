import type { TAccountStatus } from '@cypher/contract';

/**
 * Where the shell sends someone before showing the page they asked for, or null to show it. Pure, so every rule
 * is tested without a router.
 *
 * - Spec section 2: signed-in users whose account is CREATED go to /email/verify, EMAIL_VERIFIED go to
 *   /profile/creation (with `redirectTo`, the page they asked for), except on the routes that are part of getting
 *   there (STATUS_REDIRECT_EXEMPT).
 * - Routes marked `access: 'signed-in'` send visitors to /signin with `redirectTo`, so they come back afterwards.
 */
export const STATUS_REDIRECT_EXEMPT = [
  '/signup',
  '/signin',
  '/password/reset',
  '/email/verify',
  '/email/verified',
  '/profile/creation',
] as const;

/**
 * Pages a person only passes through, which move on by themselves once their work is done: a provider's sign-in
 * callback, whose one-time code is spent on the first visit. Sent from one to profile creation with it as the way back,
 * the person came back to a used link and read "We could not sign you in with Google" (bug hunt, session 73).
 */
const PASSING_THROUGH = ['/oauth/google/callback', '/oauth/discord/callback'] as const;

const statusTargets: Partial<Record<TAccountStatus, string>> = {
  CREATED: '/email/verify',
  EMAIL_VERIFIED: '/profile/creation',
};

export interface RedirectInput {
  pathname: string;
  search: string;
  /** The address's fragment (`#photo`): kept through sign-in too. */
  hash?: string;
  isLoggedIn: boolean;
  /** The account status, once known. */
  status: TAccountStatus | undefined;
  access: 'public' | 'signed-in';
}

/** `/email/verify/` and `/email/verify` are the same route (React Router matches both). */
function normalisePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isStatusRedirectExempt(pathname: string): boolean {
  return (STATUS_REDIRECT_EXEMPT as readonly string[]).includes(normalisePathname(pathname));
}

function signInPathFor(pathname: string, search: string, hash: string): string {
  return `/signin?redirectTo=${encodeURIComponent(`${pathname}${search}${hash}`)}`;
}

export function sessionRedirect({
  pathname,
  search,
  hash = '',
  isLoggedIn,
  status,
  access,
}: RedirectInput): string | null {
  if (!isLoggedIn) return access === 'signed-in' ? signInPathFor(pathname, search, hash) : null;
  if (!status || isStatusRedirectExempt(pathname)) return null;
  if ((PASSING_THROUGH as readonly string[]).includes(normalisePathname(pathname))) return null;
  const target = statusTargets[status];
  if (!target || normalisePathname(pathname) === target) return null;
  // Profile creation is the last step before the page asked for: it goes on there (home needs no way back).
  const askedFor = `${pathname}${search}${hash}`;
  return status === 'EMAIL_VERIFIED' && askedFor !== '/'
    ? `${target}?redirectTo=${encodeURIComponent(askedFor)}`
    : target;
}
