import {
  isWithdrawalAmountInBandwidth,
  type TCreateWithdrawalRequest,
  type TWithdrawal,
  withdrawalBelowFeeMessage,
  withdrawalsPath,
} from '@cypher/contract';
import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { assertIdentityVerified } from '../../identity/assert-identity-verified.ts';
import { notify } from '../../notifications/notify.ts';
import { postLedgerTransaction } from '../post-ledger-transaction.ts';
import { withdrawalNotice } from '../wallet-notices.ts';
import { withdrawalView } from './withdrawal-views.ts';
import { withdrawals } from './withdrawals.tables.ts';

/**
 * `POST /v1/withdrawals`, inside the idempotent request's transaction: the withdrawal row and the ledger move of
 * amount + fee from withdrawable to held commit together. The conditional balance UPDATE is what keeps a person
 * from withdrawing more than their withdrawable balance, however many requests arrive at once (INSUFFICIENT_FUNDS).
 * An amount outside a withdrawal's bounds is AMOUNT_OUT_OF_BANDWIDTH, and one under its method's fee
 * WITHDRAWAL_BELOW_FEE, before anything is read.
 * Money leaves only to a person whose identity is verified (IDENTITY_VERIFICATION_REQUIRED / _FAILED). The person is
 * told it was submitted in the same transaction (notifications).
 */
export async function requestWithdrawal(
  tx: Db,
  deps: { wallet: TConfig['wallet']; now: Date },
  userId: string,
  request: TCreateWithdrawalRequest,
): Promise<TWithdrawal> {
  const { amount } = request.amount;
  if (!isWithdrawalAmountInBandwidth(amount)) throw new AppError('AMOUNT_OUT_OF_BANDWIDTH');
  const fee = deps.wallet.withdrawalFeeCents[request.method];
  const belowFee = withdrawalBelowFeeMessage(request.method, amount, fee);
  if (belowFee) throw new AppError('WITHDRAWAL_BELOW_FEE', { details: [{ field: 'amount', message: belowFee }] });
  await assertIdentityVerified(tx, userId);
  const id = newId();
  const payoutDetails: Record<string, string> =
    request.method === 'wire'
      ? (Object.fromEntries(Object.entries(request.wire).filter(([, value]) => value !== undefined)) as Record<
          string,
          string
        >)
      : { address: request.address };
  const [row] = await tx
    .insert(withdrawals)
    .values({
      id,
      userId,
      method: request.method,
      status: 'submitted',
      amount,
      fee,
      payoutDetails,
      createdAt: deps.now,
      updatedAt: deps.now,
    })
    .returning();
  await postLedgerTransaction(tx, {
    kind: 'withdrawal_request',
    reference: { type: 'withdrawal', id },
    description: request.method === 'wire' ? 'Wire withdrawal requested' : 'USDC withdrawal requested',
    entries: [
      { account: { userId, kind: 'withdrawable', currency: 'USD' }, amount: -(amount + fee) },
      { account: { userId, kind: 'held', currency: 'USD' }, amount: amount + fee },
    ],
    now: deps.now,
  });
  await notify(tx, {
    userId,
    kind: 'WITHDRAWAL',
    ...withdrawalNotice(row!),
    linkPath: withdrawalsPath,
    referenceId: id,
    now: deps.now,
  });
  return withdrawalView(row!);
}
