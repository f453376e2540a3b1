import { and, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ledgerAccountKinds,
  type TConsoleLedgerEntry,
  type TConsoleLedgerTransaction,
  type TConsoleLedgerTransactionsQuery,
  type TCurrency,
  type TPage,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { peopleByIds, personIdByEmail, personIn } from '../users/people.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables.ts';

/*
 * Route: GET /v1/console/ledger/transactions (console-ledger.routes.ts) · Reads: ledger_transactions, ledger_entries,
 * ledger_accounts, users (through people.ts) · UI: features/console/sections/ledger-section.tsx ·
 * Tests: console-ledger-transactions.test.ts.
 */

const currencyOrder: readonly TCurrency[] = ['USD', 'CYP'];

/** Grouped by currency, a person's lines before the house's, then in the order of the account kinds. */
function compareEntries(a: TConsoleLedgerEntry, b: TConsoleLedgerEntry): number {
  return (
    currencyOrder.indexOf(a.amount.currency) - currencyOrder.indexOf(b.amount.currency) ||
    Number(a.person === null) - Number(b.person === null) ||
    ledgerAccountKinds.indexOf(a.account) - ledgerAccountKinds.indexOf(b.account)
  );
}

/**
 * The journal for the console: ledger transactions newest first, each with every entry, a house account's line
 * summed over its buckets (a posting credits one bucket, so that is one row; the sum keeps it so if that changes).
 * Narrowed by kind (ledger_transactions_kind_created_idx), by a currency moved, or by a person (their accounts by
 * owner, then their entries by account), by id or by address. Reads only.
 */
export async function listLedgerTransactions(
  db: Db,
  query: TConsoleLedgerTransactionsQuery,
): Promise<TPage<TConsoleLedgerTransaction>> {
  let userId = query.userId;
  if (query.email !== undefined) {
    const named = await personIdByEmail(db, query.email);
    // An address that names nobody, or someone other than the id names, matches no movement.
    if (!named || (userId && userId !== named)) return toPage([], query, 0);
    userId = named;
  }

  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(ledgerTransactions.kind, query.kind));
  if (query.currency) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(ledgerEntries)
          .where(
            and(eq(ledgerEntries.transactionId, ledgerTransactions.id), eq(ledgerEntries.currency, query.currency)),
          ),
      ),
    );
  }
  if (userId) {
    conditions.push(
      inArray(
        ledgerTransactions.id,
        db
          .select({ id: ledgerEntries.transactionId })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(eq(ledgerAccounts.ownerUserId, userId)),
      ),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      description: ledgerTransactions.description,
      referenceType: ledgerTransactions.referenceType,
      referenceId: ledgerTransactions.referenceId,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(where)
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(ledgerTransactions).where(where);

  const entries =
    rows.length === 0
      ? []
      : await db
          .select({
            transactionId: ledgerEntries.transactionId,
            kind: ledgerAccounts.kind,
            ownerUserId: ledgerAccounts.ownerUserId,
            currency: ledgerEntries.currency,
            amount: sql<string | number>`sum(${ledgerEntries.amount})`,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(
            inArray(
              ledgerEntries.transactionId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(
            ledgerEntries.transactionId,
            ledgerAccounts.kind,
            ledgerAccounts.ownerUserId,
            ledgerEntries.currency,
          );
  const people = await peopleByIds(
    db,
    entries.flatMap((entry) => entry.ownerUserId ?? []),
  );
  const entriesOf = new Map<string, TConsoleLedgerEntry[]>();
  for (const entry of entries) {
    const lines = entriesOf.get(entry.transactionId) ?? [];
    lines.push({
      account: entry.kind,
      person: entry.ownerUserId ? personIn(people, entry.ownerUserId) : null,
      amount: { amount: Number(entry.amount), currency: entry.currency },
    });
    entriesOf.set(entry.transactionId, lines);
  }

  const items = rows.map((row): TConsoleLedgerTransaction => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    reference: { type: row.referenceType, id: row.referenceId },
    createdAt: row.createdAt.toISOString(),
    entries: (entriesOf.get(row.id) ?? []).sort(compareEntries),
  }));
  return toPage(items, query, counted?.total ?? 0);
}
