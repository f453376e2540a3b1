import {
  bankAccountLabel,
  shortUsdcAddress,
  type TConsolePerson,
  type TConsoleWithdrawal,
  type TWithdrawal,
} from '@cypher/contract';
import type { TWithdrawalRow } from './withdrawals.tables.ts';

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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function consoleWithdrawalView(row: TWithdrawalRow, user: TConsolePerson): TConsoleWithdrawal {
  return { ...withdrawalView(row), user, payoutDetails: row.payoutDetails };
}
