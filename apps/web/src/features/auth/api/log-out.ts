import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { endSession } from '../../../lib/session.ts';

/** `POST /users/authentications/logout`: revokes this sign-in on the server. */
async function logOut(): Promise<void> {
  await apiRequest('POST', '/users/authentications/logout', { auth: true });
}

/**
 * Sign out: ask the server to revoke the sign-in, then clear everything stored whatever it answered. A failed
 * logout (offline, session already gone) must never leave someone signed in on this device.
 */
async function signOut(): Promise<void> {
  try {
    await logOut();
  } catch {
    // Ignored on purpose: the local session ends either way.
  } finally {
    endSession();
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
