import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { AccessTokens } from '../modules/auth/access-tokens.ts';
import type { EndedSessions } from '../modules/auth/ended-sessions.ts';
import { isSessionAlive } from '../modules/auth/sessions.ts';
import { verifiedEmailFor } from '../modules/users/verified-emails.ts';
import { AppError } from './app-error.ts';

export interface Principal {
  userId: string;
  sessionId: string;
  /** The verified address the access token carries (access-tokens.ts), or null when it carries none. */
  verifiedEmail: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** RFC 6750's credentials: the scheme, spaces, one token of its characters. Anything after the token is no token. */
const BEARER_CREDENTIALS = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER_CREDENTIALS.exec(header)?.[1] ?? null;
}

/**
 * `onRequest: requireAuth` on a route admits a valid access token whose sign-in is still alive. It runs before the body
 * is parsed and checked, so a visitor is told to sign in (401) whatever they sent, and learns nothing of the body's
 * rules. The session is looked up (one primary-key read) and trusted for `sessionCheckCacheMs` afterwards: a logout or
 * password change on this instance ends access at once, on another within that bound (README:
 * SESSION_CHECK_CACHE_MS), instead of when the short-lived token expires.
 */
export function authGuard(deps: {
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  sessionCheckCacheMs: number;
  endedSessions?: EndedSessions;
}) {
  async function requireAuth(request: FastifyRequest) {
    const token = bearerToken(request);
    const claims = token ? deps.tokens.verify(token) : null;
    if (!claims) throw new AppError('UNAUTHORIZED');
    const isAlive = await isSessionAlive(deps.db, claims, deps.clock.now(), {
      confirmFor: deps.sessionCheckCacheMs,
      ended: deps.endedSessions,
    });
    if (!isAlive) throw new AppError('UNAUTHORIZED');
    request.principal = claims;
  }
  /** For routes that serve both visitors and signed-in users: a token, if sent, must be valid. */
  async function optionalAuth(request: FastifyRequest) {
    if (request.headers.authorization) await requireAuth(request);
  }
  /**
   * requireAuth, and an address its owner verified (403 EMAIL_VERIFICATION_REQUIRED): for the routes that move money
   * in or out or set up where it goes (spec section 2: an account is verified before anything else), as buying,
   * redeeming and checking in already ask in their services. Free when the token carries the address (decision 41).
   */
  async function requireVerified(request: FastifyRequest) {
    await requireAuth(request);
    if (!(await verifiedEmailFor(deps.db, principalOf(request)))) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  }
  return { requireAuth, optionalAuth, requireVerified };
}

/** The principal of a route guarded by requireAuth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED');
  return request.principal;
}
