import { raffleWinnerLimit, roundStateAt, type TDropViewer } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { buyerStanding } from '../orders/buyer-standing.ts';
import { holdsValidPass } from '../passes/pass-units.ts';
import { verifiedEmailOf } from '../users/verified-emails.ts';
import { whitelistedEmails } from './get-sale-drop.ts';
import type { TPublicDropParts } from './public-drop.ts';
import { viewerReminder } from './reminders/viewer-reminder.ts';

/**
 * The signed-in caller's part of `GET /v1/drops/{id}`, read per request and never cached: whether they are on the
 * whitelist of the round that matters now, whether they hold the pass it requires (or the one it guarantees packs to,
 * and how many of those they may still buy), how many packs they may still buy in it, and how many packs of this drop
 * they bought or hold (and of those, held while they pay). The round that matters: the current one while it is active, otherwise the next (or, after the
 * last round, the last). And the round their "Remind me" is (or would be) for (viewer-reminder.ts).
 */
export async function dropViewer(db: Db, drop: TPublicDropParts, now: Date, userId: string): Promise<TDropViewer> {
  const rounds = roundStateAt(drop, drop.policies, now);
  const policy = rounds.isCurrentActive ? rounds.current : (rounds.next ?? rounds.current);

  // Only a verified address is on a whitelist: an unverified account is told it is not, until it verifies.
  const email = await verifiedEmailOf(db, userId);
  const isWhitelisted = policy?.whitelist
    ? email !== null && (await whitelistedEmails(db, policy.id, [email])).has(email)
    : null;
  const standing = await buyerStanding(db, { dropId: drop.id, policyId: policy?.id ?? null, userId });
  // A raffle winner's place allows its own number of packs, even in a round without a per-person limit.
  const limit = policy?.isRaffle ? raffleWinnerLimit(policy.perPersonLimit) : (policy?.perPersonLimit ?? null);
  const remaining = limit !== null ? Math.max(0, limit - standing.purchasedInRound) : null;
  const reminder = await viewerReminder(db, drop, now, userId, email);
  const holdsRequiredPass = policy?.requiredPass ? await holdsValidPass(db, userId, policy.requiredPass.id, now) : null;
  const guarantee = policy?.passGuarantee;
  let passGuarantee: TDropViewer['passGuarantee'] = null;
  if (guarantee && now < new Date(guarantee.endsAt)) {
    const holdsPass = await holdsValidPass(db, userId, guarantee.pass.id, now);
    // A holder's first packsPerHolder packs of the round come from the held-back ones (purchase-decisions.ts).
    const packsLeft = holdsPass ? Math.max(0, guarantee.packsPerHolder - standing.purchasedInRound) : 0;
    passGuarantee = { holdsPass, packsLeft };
  }
  return {
    isWhitelisted,
    holdsRequiredPass,
    passGuarantee,
    remaining,
    purchasedCount: standing.packCount,
    heldCount: standing.heldCount,
    heldOrderId: standing.heldOrderId,
    heldInRoundOrderId: standing.heldInRoundOrderId,
    reminder,
  };
}
