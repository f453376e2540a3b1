import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random, unguessable token for links and refresh tokens (256 bits, URL-safe). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Stored in place of a high-entropy token: a database leak reveals nothing usable. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A 6-digit SMS code from the cryptographic generator, with leading zeros kept. */
export function newSmsCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Six digits are easy to brute-force offline, so codes are stored as an HMAC under the server secret and bound to
 * their challenge id: the same code in two challenges hashes differently.
 */
export function hashSmsCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('base64url');
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
