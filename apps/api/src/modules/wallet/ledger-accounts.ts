import { and, eq, isNull } from 'drizzle-orm';
import type { TCurrency, TSystemLedgerAccountKind, TUserLedgerAccountKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { ledgerAccounts } from './wallet.tables.ts';

/** Names a ledger account without knowing its row: a user's part of a currency, or one of the house's accounts. */
export type TAccountRef =
  | { userId: string; kind: TUserLedgerAccountKind; currency: TCurrency }
  | { system: TSystemLedgerAccountKind; currency: TCurrency };

/**
 * Only these may go below zero: a clearing account stands for what a provider owes us (or we owe it) until it pays
 * out, and promotions is where rewards and credit are issued from. Every user account and fees, revenue and payouts
 * never go negative.
 */
const systemKindsAllowingNegative: ReadonlySet<TSystemLedgerAccountKind> = new Set([
  'provider_clearing_card',
  'provider_clearing_crypto',
  'provider_clearing_tilia',
  'promotions',
]);

export function accountKey(ref: TAccountRef): string {
  return 'system' in ref ? `system:${ref.system}:${ref.currency}` : `user:${ref.userId}:${ref.kind}:${ref.currency}`;
}

/**
 * The account's id, creating the row on first use. INSERT ... ON CONFLICT DO NOTHING then SELECT, so two first uses
 * at once both end up with the same row instead of one failing.
 */
export async function ensureLedgerAccount(tx: Db, ref: TAccountRef, now: Date): Promise<string> {
  const isSystem = 'system' in ref;
  const kind = isSystem ? ref.system : ref.kind;
  const ownerUserId = isSystem ? null : ref.userId;
  await tx
    .insert(ledgerAccounts)
    .values({
      id: newId(),
      ownerUserId,
      kind,
      currency: ref.currency,
      balance: 0,
      allowsNegative: isSystem && systemKindsAllowingNegative.has(ref.system),
      createdAt: now,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        ownerUserId === null ? isNull(ledgerAccounts.ownerUserId) : eq(ledgerAccounts.ownerUserId, ownerUserId),
        eq(ledgerAccounts.kind, kind),
        eq(ledgerAccounts.currency, ref.currency),
      ),
    );
  if (!row) throw new Error(`ledger account ${accountKey(ref)} could not be created`);
  return row.id;
}
