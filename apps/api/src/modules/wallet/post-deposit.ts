import type { TCurrency, TFundingSource } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { postLedgerTransaction } from './post-ledger-transaction.ts';
import { fundingRules } from './withdrawability.ts';

export interface TDepositInput {
  userId: string;
  source: TFundingSource;
  /** Minor units credited to the person (after any provider fee the person paid on top). */
  amount: number;
  currency: TCurrency;
  /** The provider's payment or charge id (or the reward's id): one deposit per reference. */
  referenceId: string;
  paymentMethod: string;
  /** What the person paid on top of `amount`, shown on the receipt. */
  serviceFee?: number;
  description?: string;
  now: Date;
}

/**
 * Credits confirmed money to a person, in the part the withdrawability rule says, against the provider's clearing
 * account (or promotions for rewards and credit). The confirmed-payment webhooks of the deposit providers call this
 * in the same transaction that records the event id; rewards call it directly.
 */
export async function postDeposit(tx: Db, input: TDepositInput): Promise<string> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('a deposit is a positive amount');
  const rule = fundingRules[input.source];
  const isReward = input.source === 'reward' || input.source === 'redeemed_credit';
  const serviceFee = input.serviceFee ?? 0;
  return postLedgerTransaction(tx, {
    kind: isReward ? 'reward' : 'deposit',
    reference: { type: `deposit_${input.source}`, id: input.referenceId },
    description: input.description ?? (isReward ? 'Reward' : 'Funds added'),
    receipt: isReward ? undefined : { paymentMethod: input.paymentMethod, subtotal: input.amount, serviceFee },
    entries: [
      { account: { userId: input.userId, kind: rule.creditTo, currency: input.currency }, amount: input.amount },
      ...(serviceFee > 0
        ? [{ account: { system: 'fees' as const, currency: input.currency }, amount: serviceFee }]
        : []),
      { account: { system: rule.from, currency: input.currency }, amount: -(input.amount + serviceFee) },
    ],
    now: input.now,
  });
}
