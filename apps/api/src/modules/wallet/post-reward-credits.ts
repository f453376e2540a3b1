import type { TCurrency } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { postLedgerTransactions } from './post-ledger-transaction.ts';
import { fundingRules } from './withdrawability.ts';

/*
 * Route: none of its own; attendance rewards, redeem codes and airdrops credit through it (grants/deliver-grants.ts) ·
 * Writes: ledger_accounts, ledger_transactions, ledger_entries (through postLedgerTransactions) · Reads: nothing ·
 * Tests: grants/grants.test.ts, attendance-races.test.ts, airdrop-races.test.ts.
 */

export interface TRewardCredit {
  userId: string;
  /** `reward` (a check-in, an airdrop) or `redeemed_credit` (a code): both go to non_withdrawable, from promotions. */
  source: 'reward' | 'redeemed_credit';
  /** Minor units, positive. */
  amount: number;
  currency: TCurrency;
  /** What the credit is for (the grant's delivery id): one credit per reference, enforced by the ledger's key. */
  referenceId: string;
  /** The balance history's line: "Daily check-in reward", "Redeemed code". */
  description: string;
}

/**
 * Credits rewards to people inside the caller's transaction, any number at once in one posting (an airdrop's batch is
 * one statement, not hundreds): each person's non-withdrawable part up, the promotions house account down, so every
 * movement sums to zero and the credit can be spent but never withdrawn (the withdrawability rule). Answers the ledger
 * transaction ids in the order of `credits`.
 */
export async function postRewardCredits(tx: Db, credits: readonly TRewardCredit[], now: Date): Promise<string[]> {
  for (const credit of credits) {
    if (!Number.isSafeInteger(credit.amount) || credit.amount <= 0) throw new Error('a reward is a positive amount');
  }
  return postLedgerTransactions(
    tx,
    credits.map((credit) => {
      const rule = fundingRules[credit.source];
      return {
        kind: 'reward' as const,
        reference: { type: `deposit_${credit.source}`, id: credit.referenceId },
        description: credit.description,
        entries: [
          { account: { userId: credit.userId, kind: rule.creditTo, currency: credit.currency }, amount: credit.amount },
          { account: { system: rule.from, currency: credit.currency }, amount: -credit.amount },
        ],
        now,
      };
    }),
  );
}
