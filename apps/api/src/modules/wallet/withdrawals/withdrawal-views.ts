import { inArray } from 'drizzle-orm';
import {
  bankAccountLabel,
  formatMoney,
  shortUsdcAddress,
  type TConsolePerson,
  type TConsoleWithdrawal,
  type TWithdrawal,
} from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { withdrawals, type TWithdrawalRow } from './withdrawals.tables.ts';

/** "First Bank •••• 6789" or "0x5290…9EE7": enough to recognise, not enough to reuse. */
function maskedDestination(row: Pick<TWithdrawalRow, 'method' | 'payoutDetails'>): string {
  const details = row.payoutDetails;
  return row.method === 'usdc' ? shortUsdcAddress(details.address ?? '') : bankAccountLabel(details);
}

export function withdrawalView(row: TWithdrawalRow): TWithdrawal {
  return {
    id: row.id,
    method: row.method,
    status: row.status,
    amount: { amount: row.amount, currency: 'USD' },
    fee: { amount: row.fee, currency: 'USD' },
    destination: maskedDestination(row),
    rejectionReason: row.rejectionReason,
    failureReason: row.failureReason,
    payoutReference: row.payoutReference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function consoleWithdrawalView(row: TWithdrawalRow, user: TConsolePerson): TConsoleWithdrawal {
  return { ...withdrawalView(row), user, payoutDetails: row.payoutDetails };
}

/**
 * Withdrawals as the console's audit log names them, by id: "$100.00 to First Bank •••• 6789" (an entry records a
 * status, not what was paid out or where).
 */
export async function withdrawalNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: withdrawals.id,
      amount: withdrawals.amount,
      method: withdrawals.method,
      payoutDetails: withdrawals.payoutDetails,
    })
    .from(withdrawals)
    .where(inArray(withdrawals.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [row.id, `${formatMoney({ amount: row.amount, currency: 'USD' })} to ${maskedDestination(row)}`]),
  );
}
