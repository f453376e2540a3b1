import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { revokeSession } from './sessions.ts';

/** Ends this sign-in: its access token stops working at once and its refresh tokens can no longer rotate. */
export async function logOut(ctx: AppContext, principal: Principal): Promise<void> {
  await revokeSession(ctx.db, principal.sessionId, 'logout', ctx.clock.now());
}
