import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id` (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). Raising these later still verifies old hashes. */
const OWASP_MINIMUM = { memoryCost: 19_456, timeCost: 2 } as const;
let cost: { memoryCost: number; timeCost: number } = OWASP_MINIMUM;

/**
 * The API suites only (testing/test-password-cost.ts): argon2id at a small cost. They sign up several hundred
 * people through the API (some 300 places call a sign-up helper), each hashed once at 80 to 160 ms of a core at the
 * real cost on CI's machine: about a minute of CPU in each of CI's two passes, estimated, not measured. The algorithm,
 * the stored format and verification are the same; a hash names its own cost, so verify reads either. `atRealCost`
 * runs one check at the real cost (sign-up.test.ts asserts it).
 */
export const testPasswordCost = {
  lower(): void {
    cost = { memoryCost: 256, timeCost: 1 };
  },
  async atRealCost<T>(run: () => Promise<T>): Promise<T> {
    const lowered = cost;
    cost = OWASP_MINIMUM;
    try {
      return await run();
    } finally {
      cost = lowered;
    }
  },
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, parallelism: 1, ...cost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Whether a new password is the account's current one or the one before it (ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD): a
 * change, or a reset, may not go back to either, so changing it and back again does not undo a change.
 */
export async function isRecentPassword(
  account: { passwordHash: string | null; previousPasswordHash: string | null },
  password: string,
): Promise<boolean> {
  for (const recentHash of [account.passwordHash, account.previousPasswordHash]) {
    if (recentHash && (await verifyPassword(recentHash, password))) return true;
  }
  return false;
}

/**
 * Checked against when an email is unknown, so a wrong address takes as long as a wrong password. (The spec's
 * catalogue still names the two cases apart; the timing no longer adds anything to that.)
 */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoyHash, password);
}
