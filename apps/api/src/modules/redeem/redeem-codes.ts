import { createHash, createHmac } from 'node:crypto';
import { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH } from '@cypher/contract';
import type { TConfig } from '../../config.ts';

/*
 * Route: POST /v1/redeems (the typed code's hash), POST /v1/console/redeem-batches (every code's hash) and its CSV
 * export (every code again) · Writes and reads: nothing (pure) · Tests: redeem.test.ts.
 *
 * Decision record 31. A code is HMAC-SHA256(secret, "redeem-code:<batch id>:<number>"), its first 80 bits written in
 * Crockford's base 32: 16 characters, random to anyone without the secret, and the same every time it is derived, so a
 * batch can be exported again without keeping a code anywhere. The database keeps SHA-256 of each code: enough to
 * find a typed code, nothing to print one from. An 80-bit code cannot be guessed (at the rate limit's 20 tries in
 * ten minutes, finding one of a million live codes takes longer than the universe has existed).
 */

const CODE_BYTES = 10;

/**
 * The secret: REDEEM_CODE_SECRET, or one derived from AUTH_SECRET (required in production; outside it, kept in
 * DATA_DIR), so `npm start` needs no setting and every instance derives the same codes.
 */
export function redeemCodeKey(config: TConfig): Buffer {
  if (config.redeem.codeSecret) return Buffer.from(config.redeem.codeSecret, 'utf8');
  if (!config.auth.secret) throw new Error('AUTH_SECRET is not set');
  return createHmac('sha256', config.auth.secret).update('redeem-code-key').digest();
}

/** The code number `number` (1, 2, ...) of a batch, normalized (no dashes): `7K3M9QXD2F4HWN8C`. */
export function deriveRedeemCode(key: Buffer, batchId: string, number: number): string {
  const digest = createHmac('sha256', key).update(`redeem-code:${batchId}:${number}`).digest();
  // 80 bits, five at a time: each byte joins what is left of the one before, and every full five become a character.
  let code = '';
  let pending = 0;
  let pendingBits = 0;
  for (const byte of digest.subarray(0, CODE_BYTES)) {
    pending = (pending << 8) | byte;
    pendingBits += 8;
    while (pendingBits >= 5) {
      pendingBits -= 5;
      code += REDEEM_CODE_ALPHABET[(pending >> pendingBits) & 31];
    }
    pending &= (1 << pendingBits) - 1;
  }
  return code;
}

/** What the database keeps of a normalized code: its SHA-256, in hex. */
export function redeemCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Whether a normalized code could be one of ours at all (16 characters of the alphabet): anything else is unknown. */
export function isWellFormedRedeemCode(code: string): boolean {
  return code.length === REDEEM_CODE_LENGTH && [...code].every((char) => REDEEM_CODE_ALPHABET.includes(char));
}
