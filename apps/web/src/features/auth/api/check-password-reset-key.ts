import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `POST /users/authentications/reset-password/check`: whether the mailed key still works (it spends nothing). */
async function checkPasswordResetKey(key: string): Promise<true> {
  await apiRequest('POST', '/users/authentications/reset-password/check', { body: { key } });
  return true;
}

/**
 * Asked once as the reset page opens, so a link used or expired says so before a new password is typed. A failed
 * answer is not asked again: a spent key stays spent, and any other failure leaves the reset itself to decide.
 */
export function usePasswordResetKeyCheck(key: string) {
  return useQuery({
    queryKey: queryKeys.auth.passwordResetKey(key),
    queryFn: () => checkPasswordResetKey(key),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
