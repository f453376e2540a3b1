import type { TFundingSource, TSystemLedgerAccountKind, TUserLedgerAccountKind } from '@cypher/contract';
import { DAY_MS } from '../../lib/clock.ts';

/**
 * Which money may be withdrawn: the one place that says so (issue 6).
 *
 * - Card and Tilia funds land in `unsettled` and become withdrawable after the settlement delay (CARD_SETTLEMENT_DAYS),
 *   when the settle-deposits job moves them to `withdrawable` with a `settlement` ledger transaction; until then a
 *   chargeback can still take them back.
 * - Crypto deposits are final on confirmation: `withdrawable` at once.
 * - Rewards and redeemed credit land in `non_withdrawable` and never leave it except by being spent.
 */
export const fundingRules: Record<
  TFundingSource,
  { creditTo: TUserLedgerAccountKind; from: TSystemLedgerAccountKind; settles: boolean }
> = {
  card: { creditTo: 'unsettled', from: 'provider_clearing_card', settles: true },
  tilia: { creditTo: 'unsettled', from: 'provider_clearing_tilia', settles: true },
  crypto: { creditTo: 'withdrawable', from: 'provider_clearing_crypto', settles: false },
  reward: { creditTo: 'non_withdrawable', from: 'promotions', settles: false },
  redeemed_credit: { creditTo: 'non_withdrawable', from: 'promotions', settles: false },
};

/**
 * The order a purchase spends in: what can never be withdrawn first, then what is not withdrawable yet, and
 * withdrawable money last, so a purchase leaves the person as much withdrawable money as it can.
 *
 * Within `unsettled`, spending takes the oldest money first. Nothing needs to record which deposit paid: with oldest
 * first, what is left of the unsettled balance is always the newest money, which is what settleableAmount relies on.
 */
export const purchaseSpendingOrder: readonly TUserLedgerAccountKind[] = [
  'non_withdrawable',
  'unsettled',
  'withdrawable',
];

/** Money that entered `unsettled` at or before this moment has passed the settlement delay. */
export function settlementCutoff(now: Date, settlementDays: number): Date {
  return new Date(now.getTime() - settlementDays * DAY_MS);
}

/**
 * How much of a person's unsettled balance may become withdrawable now: the part not covered by money that entered
 * within the delay. Because spending takes the oldest unsettled money first, the balance is made of the newest
 * deposits; what exceeds the young ones is what remains of deposits past the delay, and only that settles. Example:
 * $100 by card on day 0 and day 6, $100 spent: on day 7 the balance is $100, all of it day 6's, so nothing settles
 * until day 13. Rewards sit in their own account, so a settlement can never turn them into withdrawable money.
 */
export function settleableAmount(unsettledBalance: number, enteredWithinDelay: number): number {
  return Math.max(0, unsettledBalance - enteredWithinDelay);
}

/** When settling money becomes withdrawable: the first part of it, and all of it (equal when it settles at once). */
export interface TSettlementSchedule {
  soonest: { amount: number; at: Date };
  all: { at: Date };
}

/**
 * When the unsettled balance becomes withdrawable, by the settlement job's own rule (settleableAmount): as each
 * young entry passes the delay, it leaves the young sum, and what the balance exceeds the rest by settles. `young` is
 * what the job counts within the delay, one entry at a time, newest first (settle-deposits.ts, youngUnsettledEntries):
 * inflows, and the debits of purchases paid by their own card or Tilia deposit, which cancel those deposits out. A
 * moment already past (nothing young covers the balance) is the job's next run. Null when nothing is unsettled.
 */
export function settlementSchedule(
  unsettledBalance: number,
  young: readonly { amount: number; createdAt: Date }[],
  settlementDays: number,
  now: Date,
): TSettlementSchedule | null {
  if (unsettledBalance <= 0) return null;
  // newer[k]: the sum of the k newest entries, what stays young once entry k (0-based, newest first) has passed.
  const newer = [0];
  for (const entry of young) newer.push(newer.at(-1)! + entry.amount);
  const settledOnce = (k: number) => Math.min(unsettledBalance, settleableAmount(unsettledBalance, newer[k]!));
  const passes = (k: number) => new Date(young[k]!.createdAt.getTime() + settlementDays * DAY_MS);
  let soonest: TSettlementSchedule['soonest'] | null = null;
  if (settleableAmount(unsettledBalance, newer.at(-1)!) > 0) {
    soonest = { amount: settledOnce(young.length), at: now };
  }
  // Oldest first: the moments the young sum shrinks, in the order they come. Entries of one instant pass together
  // (an order paid by card is its payment in and its spending out, at the same time): the moment is counted once all
  // of them have, or a payment would seem to pass before the spending that cancels it.
  for (let k = young.length - 1; k >= 0; k -= 1) {
    if (k > 0 && young[k - 1]!.createdAt.getTime() === young[k]!.createdAt.getTime()) continue;
    const amount = settledOnce(k);
    if (amount === 0) continue;
    soonest ??= { amount, at: passes(k) };
    if (amount === unsettledBalance) return { soonest, all: { at: passes(k) } };
  }
  // Nothing young (the loop ends with the newest entry passed, all of it settled): all of it at the job's next run.
  return { soonest: { amount: unsettledBalance, at: now }, all: { at: now } };
}

/** Splits a purchase over the spendable parts in spending order; null when they do not cover it. */
export function splitPurchase(
  amount: number,
  balances: Partial<Record<TUserLedgerAccountKind, number>>,
): { kind: TUserLedgerAccountKind; amount: number }[] | null {
  const parts: { kind: TUserLedgerAccountKind; amount: number }[] = [];
  let rest = amount;
  for (const kind of purchaseSpendingOrder) {
    if (rest === 0) break;
    const take = Math.min(rest, Math.max(0, balances[kind] ?? 0));
    if (take > 0) parts.push({ kind, amount: take });
    rest -= take;
  }
  return rest === 0 ? parts : null;
}
