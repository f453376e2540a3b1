import { isAccountStatus, type TAccountStatus } from '@cypher/contract';
import { useLocation, useMatches } from 'react-router';
import { useMyUser } from '../api/my-user.ts';
import { useSession } from '../lib/session.ts';
import { accessFor } from './route-handle.ts';
import { isStatusRedirectExempt, sessionRedirect } from './session-redirect.ts';

export interface SessionRedirectState {
  /** Where to go instead of the current page, or null. */
  redirectTo: string | null;
  /** Signed in, on a page the status may forbid, and the status is not known yet: do not show the page. */
  isWaitingForStatus: boolean;
}

/**
 * The shell's session rules for the current route. The status comes from `/users/my`; until that answers, the
 * record stored last time stands in, so a reload does not flash a page the user is about to leave.
 */
export function useSessionRedirect(): SessionRedirectState {
  const { pathname, search, hash } = useLocation();
  const matches = useMatches();
  const { isLoggedIn, userInfo } = useSession();
  const { user, isLoading } = useMyUser();

  const storedStatus = userInfo?.status;
  const status: TAccountStatus | undefined = user?.status ?? (isAccountStatus(storedStatus) ? storedStatus : undefined);
  const redirectTo = sessionRedirect({ pathname, search, hash, isLoggedIn, status, access: accessFor(matches) });

  return {
    redirectTo,
    isWaitingForStatus: !redirectTo && isLoggedIn && !status && isLoading && !isStatusRedirectExempt(pathname),
  };
}
