import type { Db } from '../../../db/client.ts';
import { whitelistedEmails } from '../get-sale-drop.ts';
import type { TPublicDropParts, TPublicPolicy } from '../public-drop.ts';

/*
 * Route: none of its own; POST /v1/drops/{id}/reminders (set-drop-reminder.ts) and the drop's viewer part
 * (viewer-reminder.ts) ask it · Reads: sale_policy_whitelist · Tests: drop-reminders.test.ts.
 */

/** The rounds a reminder can still be for: not open yet (and opening before the drop ends), in round order. */
export function roundsNotOpenYet(drop: TPublicDropParts, now: Date): TPublicPolicy[] {
  return drop.policies
    .filter((policy) => policy.saleBeginAt > now && policy.saleBeginAt < drop.dropEndAt)
    .sort((a, b) => a.round - b.round);
}

/**
 * Whether the person may buy in the round: it is open to everyone, or their verified address is on its whitelist
 * (only a verified address ever matches one; `email` is null while it is not verified).
 */
export async function mayBuyIn(db: Db, policy: TPublicPolicy, email: string | null): Promise<boolean> {
  if (!policy.whitelist) return true;
  return email !== null && (await whitelistedEmails(db, policy.id, [email])).has(email);
}

/** The first of `rounds` the person may buy in, or null. */
export async function firstRoundFor(
  db: Db,
  rounds: readonly TPublicPolicy[],
  email: string | null,
): Promise<TPublicPolicy | null> {
  for (const policy of rounds) if (await mayBuyIn(db, policy, email)) return policy;
  return null;
}
