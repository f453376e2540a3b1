import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ledgerAccountKinds,
  type TConsoleLedgerEntry,
  type TConsoleLedgerJournalPage,
  type TConsoleLedgerTransaction,
  type TConsoleLedgerTransactionsQuery,
  type TCurrency,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { decodeCursor, encodeCursor, ZCursorTime } from '../../http/pagination.ts';
import { peopleByIds, personIdByEmail, personIn } from '../users/people.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './wallet.tables.ts';

/*
 * Route: GET /v1/console/ledger/transactions (console-ledger.routes.ts) · Reads: ledger_transactions, ledger_entries,
 * ledger_accounts, users (through people.ts) · UI: features/console/sections/ledger-journal.tsx ·
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
 * A cursor names the movement a page starts from and which way it reads: `before` it (older, the next page) or
 * `after` it (newer, the previous page). It carries the movement's time and id, the two keys either order needs.
 */
const ZJournalCursor = z.tuple([z.enum(['before', 'after']), ZCursorTime, z.uuid()]);
type TJournalCursor = z.infer<typeof ZJournalCursor>;
type TJournalRow = { id: string; createdAt: Date };

const cursorFrom = (direction: TJournalCursor[0], row: TJournalRow) =>
  encodeCursor([direction, row.createdAt.toISOString(), row.id]);

/**
 * The journal for the console: ledger transactions newest first, each with every entry, a house account's line
 * summed over its buckets (a posting credits one bucket, so that is one row; the sum keeps it so if that changes).
 * Narrowed by kind, by a currency moved, or by a person (their accounts by owner, then their entries by account), by
 * id or by address. Reads only.
 *
 * Every purchase is a row here, and the purchase path is the hottest write there is (decision records 16 and 44), so
 * the journal gets no index of its own on ledger_transactions: each one would cost every purchase. Instead:
 * - Unnarrowed, and by currency or person, "newest first" is the primary key read backwards: ids are UUIDv7, made
 *   as the movement is posted, so they sort by time (to the millisecond of the instance's clock that made them). By
 *   kind, it is ledger_transactions_kind_created_idx, by time then id. Either way a page reads its rows and stops,
 *   where ordering by time over the whole table sorted every movement on each visit.
 * - Paged by keyset (a cursor from the page's first or last movement), not by offset, so a later page does not read
 *   and skip every movement before it, and no total: counting the journal read the whole table each time. One more
 *   row than the page tells whether there is another page.
 */
export async function listLedgerTransactions(
  db: Db,
  query: TConsoleLedgerTransactionsQuery,
): Promise<TConsoleLedgerJournalPage> {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, ZJournalCursor);
  let userId = query.userId;
  if (query.email !== undefined) {
    const named = await personIdByEmail(db, query.email);
    // An address that names nobody, or someone other than the id names, matches no movement.
    if (!named || (userId && userId !== named)) return { items: [], nextCursor: null, previousCursor: null };
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
  const byTime = query.kind !== undefined;
  const readPage = (from: TJournalCursor | null) =>
    db
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        referenceType: ledgerTransactions.referenceType,
        referenceId: ledgerTransactions.referenceId,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerTransactions)
      .where(and(...conditions, from ? beyond(from, byTime) : undefined))
      .orderBy(...journalOrder(byTime, from?.[0] === 'after' ? asc : desc))
      .limit(query.size + 1);

  let from = cursor;
  let read = await readPage(from);
  if (from?.[0] === 'after' && read.length <= query.size) {
    // Nothing newer past these: the newest page instead, so going back always ends on a full first page.
    from = null;
    read = await readPage(from);
  }
  const isNewerPage = from?.[0] === 'after';
  const hasMore = read.length > query.size;
  const rows = read.slice(0, query.size);
  if (isNewerPage) rows.reverse();
  // A newer page has an older one after it (the cursor's) and a newer one before it (it was not the newest); an older
  // page has a newer one before it (the cursor's). The ledger is insert-only, so only an address edited by hand
  // reaches past the oldest movement: an empty page, from which the screen goes back to the newest.
  const first = rows[0];
  const last = rows.at(-1);
  const nextCursor = (isNewerPage || hasMore) && last ? cursorFrom('before', last) : null;
  const previousCursor = from && first ? cursorFrom('after', first) : null;

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
  return { items, nextCursor, previousCursor };
}

/** Newest first by id, or by time then id under a kind (the order its index keeps); `asc` reads a newer page. */
function journalOrder(byTime: boolean, direction: typeof asc | typeof desc): SQL[] {
  return byTime
    ? [direction(ledgerTransactions.createdAt), direction(ledgerTransactions.id)]
    : [direction(ledgerTransactions.id)];
}

/** The movements past the cursor in the page's order. */
function beyond([direction, createdAt, id]: TJournalCursor, byTime: boolean): SQL {
  const [past, pastOrAt] = direction === 'before' ? [sql.raw('<'), sql.raw('<=')] : [sql.raw('>'), sql.raw('>=')];
  if (!byTime) return sql`${ledgerTransactions.id} ${past} ${id}::uuid`;
  // The time alone bounds the index scan; the pair decides among movements of the same instant.
  return sql`${ledgerTransactions.createdAt} ${pastOrAt} ${createdAt}::timestamptz
    and (${ledgerTransactions.createdAt}, ${ledgerTransactions.id}) ${past} (${createdAt}::timestamptz, ${id}::uuid)`;
}
