import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { TConfig } from '../../config.ts';

/*
 * Route: none; publishing a drop, its reveal and the start-up's encryptPlainSeeds call it · Writes and reads: nothing
 * (pure; drops.seed holds what it makes) · Tests: provenance-seed-cipher.test.ts.
 */

/**
 * The provenance seed at rest (decision record 0022). With the seed and the published commitment anyone could work out
 * which unsold pack holds the rarest edition, so a copy of the database (a backup, a read replica, a support export)
 * must not give it away: drops.seed holds `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM under
 * PROVENANCE_SEED_KEY. The drop's id is the associated data, so a ciphertext copied onto another drop's row does not
 * decrypt there. Decrypted only where the seed is used: the publication's batches (to recompute the shuffle) and the
 * reveal after the drop ends.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key: PROVENANCE_SEED_KEY, or outside production (config.ts requires it in production) one derived from
 * AUTH_SECRET, itself kept in DATA_DIR when unset, so `npm start` needs no setting and every instance of a local
 * cluster derives the same key.
 */
export function provenanceSeedKey(config: TConfig): Buffer {
  if (config.drops.seedKey) return config.drops.seedKey;
  if (config.isProduction || !config.auth.secret) throw new Error('PROVENANCE_SEED_KEY is not set');
  return createHmac('sha256', config.auth.secret).update('provenance-seed-key').digest();
}

export function encryptSeed(key: Buffer, dropId: string, seed: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`drop:${dropId}`));
  const ciphertext = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/**
 * The plain seed, or an error: a wrong key, a row altered or moved to another drop, or a value that is not a v1
 * ciphertext all throw (GCM's tag is checked before any byte is returned), so a reveal never shows garbage as a seed.
 */
export function decryptSeed(key: Buffer, dropId: string, stored: string): string {
  const parts = stored.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new Error(`the seed of drop ${dropId} is not a ${VERSION} ciphertext`);
  }
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) {
    throw new Error(`the seed of drop ${dropId} is not a ${VERSION} ciphertext`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv!, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(`drop:${dropId}`));
  decipher.setAuthTag(tag!);
  try {
    return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new Error(
      `the seed of drop ${dropId} does not decrypt: PROVENANCE_SEED_KEY is not the key it was stored with, or the row was altered`,
      { cause: error },
    );
  }
}
