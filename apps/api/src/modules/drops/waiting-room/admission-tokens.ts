import { createHmac } from 'node:crypto';
import { isSameHash } from '../../auth/secret-tokens.ts';

/*
 * Route: none of its own; the waiting room's GET and POST sign (waiting-room-viewer.ts), POST /v2/orders verifies
 * (require-admission.ts) · Reads: nothing · Tests: waiting-room-purchase.test.ts.
 */

/** The key admission tokens are signed with, derived from AUTH_SECRET (the same on every instance), once per secret. */
const keys = new Map<string, Buffer>();
function admissionKey(authSecret: string): Buffer {
  let key = keys.get(authSecret);
  if (!key) {
    key = createHmac('sha256', authSecret).update('waiting-room-admission-key').digest();
    keys.set(authSecret, key);
  }
  return key;
}

interface TAdmission {
  userId: string;
  policyId: string;
  expiresAt: Date;
}

const signatureOf = (authSecret: string, { userId, policyId }: Omit<TAdmission, 'expiresAt'>, expiresAtMs: number) =>
  createHmac('sha256', admissionKey(authSecret))
    .update(`waiting-room-admission:v1:${policyId}:${userId}:${expiresAtMs}`)
    .digest('base64url');

/**
 * An admission: `<expiry in ms since the epoch>.<HMAC-SHA256 over the round, the person and the expiry>`. Nothing is
 * stored: any instance checks it with the secret alone. The round and the person are not in the token, only in what
 * is signed, so it says nothing to whoever sees it and is worth nothing to anyone else or in another round.
 */
export function signAdmission(authSecret: string, admission: TAdmission): string {
  const expiresAtMs = admission.expiresAt.getTime();
  return `${expiresAtMs}.${signatureOf(authSecret, admission, expiresAtMs)}`;
}

/** Whether the token admits this person to this round at `now`: made by us for them and not expired. */
export function isValidAdmission(
  authSecret: string,
  token: string,
  expected: { userId: string; policyId: string; now: Date },
): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAtMs = Number(match[1]);
  if (expiresAtMs <= expected.now.getTime()) return false;
  return isSameHash(match[2]!, signatureOf(authSecret, expected, expiresAtMs));
}
