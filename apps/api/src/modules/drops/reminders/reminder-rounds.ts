import type { Db } from '../../../db/client.ts';
import { mayBuyAtRaffleOpening } from '../../raffles/may-buy-at-raffle-opening.ts';
import { whitelistedEmails } from '../get-sale-drop.ts';
import type { TPublicDropParts, TPublicPolicy } from '../public-drop.ts';

/*
 * Route: none of its own; POST /v1/drops/{id}/reminders (set-drop-reminder.ts) and the drop's viewer part
 * (viewer-reminder.ts) ask it · Reads: sale_policy_whitelist, a raffle round's draw and the person's entry (through the
 * raffles module) · Tests: drop-reminders.test.ts.
 */

/** The rounds a reminder can still be for: not open yet (and opening before the drop ends), in round order. */
export function roundsNotOpenYet(drop: TPublicDropParts, now: Date): TPublicPolicy[] {
  return drop.policies
    .filter((policy) => policy.saleBeginAt > now && policy.saleBeginAt < drop.dropEndAt)
    .sort((a, b) => a.round - b.round);
}

/** The person a reminder would be for: `email` is their verified address, null while it is not verified. */
export interface TReminderPerson {
  userId: string;
  email: string | null;
}

/** Why a round is no use reminding the person of, in the catalogue's words. */
export type TReminderRefusal = 'REMINDER_NOT_WHITELISTED' | 'RAFFLE_NOT_A_WINNER';

/**
 * Why the person cannot buy in the round when it opens, or null when they can. A reminder comes at the opening, so it
 * is for those who can buy then: everyone in a round open to all; on a whitelist round, those whose verified address
 * is on its list (only a verified address ever matches one); in a raffle round, its first draw's winners once it is
 * held (mayBuyAtRaffleOpening), not those it left on the waiting list.
 */
export async function reminderRefusal(
  db: Db,
  policy: TPublicPolicy,
  person: TReminderPerson,
  now: Date,
): Promise<TReminderRefusal | null> {
  const { email } = person;
  if (policy.whitelist && (email === null || !(await whitelistedEmails(db, policy.id, [email])).has(email))) {
    return 'REMINDER_NOT_WHITELISTED';
  }
  if (policy.isRaffle && !(await mayBuyAtRaffleOpening(db, policy.id, person.userId, now))) {
    return 'RAFFLE_NOT_A_WINNER';
  }
  return null;
}

/** The first of `rounds` the person may buy in when it opens, or null. */
export async function firstRoundFor(
  db: Db,
  rounds: readonly TPublicPolicy[],
  person: TReminderPerson,
  now: Date,
): Promise<TPublicPolicy | null> {
  for (const policy of rounds) if ((await reminderRefusal(db, policy, person, now)) === null) return policy;
  return null;
}
