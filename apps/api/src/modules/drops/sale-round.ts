import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { drops, salePolicies } from './drops.tables.ts';

/*
 * Route: none of its own; raffle rounds (modules/raffles) read the round they stand on through it, and lock it while
 * the console sets their raffle · Writes: nothing · Reads: sale_policies, drops · Tests: raffles/raffles.test.ts,
 * raffles/raffle-access-races.test.ts.
 */

/** A round of a drop, published or draft, with what a raffle on it needs to know. */
export interface TRoundOfDrop {
  id: string;
  dropId: string;
  dropName: string;
  brandId: string;
  /** When the drop shows to the public: its rounds (and their raffles) are nobody's business before. */
  visibleAt: Date;
  round: number;
  saleBeginAt: Date;
  saleEndAt: Date;
  perPersonLimit: number | null;
  /** The packs the round issues. */
  packCount: number;
  requiredPassId: string | null;
  /** Whether the round holds packs back for a pass's holders (decision record 29): never a raffle's. */
  hasPassGuarantee: boolean;
  /** Whether only the people on the round's whitelist may buy in it (and so enter its raffle). */
  hasWhitelist: boolean;
  /** The drop's gift round (decision record 36): never on sale, so never a raffle's (GIFT_ROUND_NOT_FOR_SALE). */
  isGiftRound: boolean;
  /** Only a published drop's rounds are public: a draft's raffle is the console's alone. */
  isPublished: boolean;
}

/** The round by its id, or by its drop and number (the console's address); null when there is none. */
export async function roundOfDrop(
  db: Db,
  where: { policyId: string } | { dropId: string; round: number },
): Promise<TRoundOfDrop | null> {
  const [row] = await db
    .select({
      id: salePolicies.id,
      dropId: salePolicies.dropId,
      dropName: drops.name,
      brandId: drops.brandId,
      visibleAt: drops.visibleAt,
      round: salePolicies.round,
      saleBeginAt: salePolicies.saleBeginAt,
      saleEndAt: salePolicies.saleEndAt,
      perPersonLimit: salePolicies.perPersonLimit,
      packCount: sql<number>`${salePolicies.endIssuedPackNumber} - ${salePolicies.beginIssuedPackNumber} + 1`,
      requiredPassId: salePolicies.requiredPassId,
      hasPassGuarantee: sql<boolean>`${salePolicies.guaranteePassId} is not null`,
      hasWhitelist: sql<boolean>`${salePolicies.whitelistName} is not null`,
      isGiftRound: salePolicies.isGiftRound,
      isPublished: sql<boolean>`${drops.publicationStatus} = 'PUBLISHED'`,
    })
    .from(salePolicies)
    .innerJoin(drops, eq(drops.id, salePolicies.dropId))
    .where(
      'policyId' in where
        ? eq(salePolicies.id, where.policyId)
        : and(eq(salePolicies.dropId, where.dropId), eq(salePolicies.round, where.round)),
    );
  return row ?? null;
}

/**
 * Rounds as the console names them ("Neon Genesis · Round 2"), with their drop, by id (the audit log names what each
 * entry was about, and links a round to its drop's page, where its raffle and waiting room are set).
 */
export async function roundLabelsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; parentId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: salePolicies.id, dropId: drops.id, dropName: drops.name, round: salePolicies.round })
    .from(salePolicies)
    .innerJoin(drops, eq(drops.id, salePolicies.dropId))
    .where(inArray(salePolicies.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: `${row.dropName} · Round ${row.round}`, parentId: row.dropId }]));
}

/**
 * Locks the round's row against another change of its access (raffle or waiting room) until the transaction ends: the
 * raffle's console (set-raffle.ts) takes it as the waiting room's does (consoleRoundOf with `lock`), so of a raffle and
 * a room set at once on one round the second waits for the first to commit and then sees it. No key update: a
 * reminder's or an entry's foreign key check on the round goes on meanwhile. ROUND_NOT_FOUND when it is gone.
 */
export async function lockRoundAccess(tx: Db, policyId: string): Promise<void> {
  const [row] = await tx
    .select({ id: salePolicies.id })
    .from(salePolicies)
    .where(eq(salePolicies.id, policyId))
    .for('no key update');
  // Read before this transaction, the round may be gone since: a draft's save replaces its rounds, a draft's deletion
  // removes them. Anything written against it would fail its foreign key.
  if (!row) throw new AppError('ROUND_NOT_FOUND');
}
