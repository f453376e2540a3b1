import { asc, eq, inArray, sql } from 'drizzle-orm';
import { dropStatusAt, type TConsoleDrop, type TGiftRound } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { passNamesByIds } from '../passes/pass-names.ts';
import { raffleRoundIds } from '../raffles/raffle-round-ids.ts';
import { dropContentsWithProducts } from './drop-contents.ts';
import { drops, salePolicies, salePolicyWhitelist, type TDropRow, type TSalePolicyRow } from './drops.tables.ts';
import { passGuaranteeOf, passGuaranteeView } from './pass-guarantee.ts';
import { waitingRooms } from './waiting-room/waiting-room.tables.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/** Per drop (and per round): packs sold (their order succeeded, so they have an owner) and held (ordered, unpaid). */
export interface TConsolePackCounts {
  sold: number;
  held: number;
}

/**
 * Live counts from the packs themselves, never from a counter row (no purchase writes a shared row). Keyed by
 * policy id; the console reads them on demand, so a scan of a drop's packs here costs nothing on the hot path.
 */
export async function consolePackCounts(db: Db, dropIds: readonly string[]): Promise<Map<string, TConsolePackCounts>> {
  if (dropIds.length === 0) return new Map();
  const rows = await queryRows<{ policy_id: string; sold: number | string; held: number | string }>(
    db,
    sql`select policy_id,
          count(*) filter (where owner_user_id is not null) as sold,
          count(*) filter (where order_id is not null and owner_user_id is null) as held
        from packs where drop_id = any(${sqlArray([...dropIds])}::uuid[])
        group by policy_id`,
  );
  return new Map(rows.map((row) => [row.policy_id, { sold: Number(row.sold), held: Number(row.held) }]));
}

/**
 * A drop's gift round as the console shows it (decision record 36): its packs, their numbers and how many were given
 * (a given pack has an order, and its owner from the same statement). Null for a drop without one.
 */
export function consoleGiftRound(
  policy: Pick<TSalePolicyRow, 'id' | 'round' | 'beginIssuedPackNumber' | 'endIssuedPackNumber'> | undefined,
  counts: Map<string, TConsolePackCounts>,
): TGiftRound | null {
  if (!policy) return null;
  const count = counts.get(policy.id) ?? { sold: 0, held: 0 };
  return {
    id: policy.id,
    round: policy.round,
    packCount: policy.endIssuedPackNumber - policy.beginIssuedPackNumber + 1,
    beginIssuedPackNumber: policy.beginIssuedPackNumber,
    endIssuedPackNumber: policy.endIssuedPackNumber,
    givenCount: count.sold + count.held,
  };
}

/**
 * `GET /v1/console/drops/{id}`: the whole drop with its whitelists' emails and live counts. `operator` null: the seed
 * or a command-line tool, which see everything.
 */
export async function getConsoleDrop(db: Db, now: Date, operator: Operator | null, id: string): Promise<TConsoleDrop> {
  const [drop] = await db.select().from(drops).where(eq(drops.id, id));
  if (!drop) throw new AppError('DROP_NOT_FOUND');
  if (operator) managedBy(operator, drop, drop.brandId);
  const brand = (await brandSummariesByIds(db, [drop.brandId])).get(drop.brandId)!;
  return loadConsoleDrop(db, now, drop, brand);
}

async function loadConsoleDrop(db: Db, now: Date, drop: TDropRow, brand: TConsoleDrop['brand']): Promise<TConsoleDrop> {
  const contents = (await dropContentsWithProducts(db, [drop.id])).map(
    ({ product, editionCount, firstSerialNumber }) => ({
      productId: product.id,
      productName: product.name,
      rarity: product.rarity,
      editionCount,
      firstSerialNumber,
    }),
  );
  const allRounds = await db
    .select()
    .from(salePolicies)
    .where(eq(salePolicies.dropId, drop.id))
    .orderBy(asc(salePolicies.round));
  const policies = allRounds.filter((policy) => !policy.isGiftRound);
  const gift = allRounds.find((policy) => policy.isGiftRound);
  const whitelisted = policies.some((policy) => policy.whitelistName !== null)
    ? await db
        .select({ policyId: salePolicyWhitelist.policyId, email: salePolicyWhitelist.email })
        .from(salePolicyWhitelist)
        .where(
          inArray(
            salePolicyWhitelist.policyId,
            policies.map((policy) => policy.id),
          ),
        )
        .orderBy(asc(salePolicyWhitelist.email))
    : [];
  const counts = await consolePackCounts(db, [drop.id]);
  const passNames = await passNamesByIds(
    db,
    policies.flatMap((policy) => [policy.requiredPassId ?? [], policy.guaranteePassId ?? []].flat()),
  );
  const policyIds = policies.map((policy) => policy.id);
  // Which rounds have a raffle or a waiting room, so the console reads only those (each read answers 404 for none).
  const [raffles, rooms] = await Promise.all([
    raffleRoundIds(db, policyIds),
    policyIds.length === 0
      ? []
      : db
          .select({ policyId: waitingRooms.policyId })
          .from(waitingRooms)
          .where(inArray(waitingRooms.policyId, policyIds)),
  ]);
  const roomed = new Set(rooms.map((room) => room.policyId));
  const countOf = (policyId: string) => counts.get(policyId) ?? { sold: 0, held: 0 };
  const packsOf = (policy: TSalePolicyRow) => policy.endIssuedPackNumber - policy.beginIssuedPackNumber + 1;
  const saleTotal = policies.reduce((sum, policy) => sum + packsOf(policy), 0);

  return {
    ...consoleDropSummary(drop, brand, now, saleTotal + (gift ? packsOf(gift) : 0)),
    description: drop.description,
    contents,
    rounds: policies.map((policy) => ({
      id: policy.id,
      round: policy.round,
      saleBeginAt: policy.saleBeginAt.toISOString(),
      saleEndAt: policy.saleEndAt.toISOString(),
      price: { amount: policy.price, currency: 'USD' as const },
      perPersonLimit: policy.perPersonLimit,
      packCount: policy.endIssuedPackNumber - policy.beginIssuedPackNumber + 1,
      beginIssuedPackNumber: policy.beginIssuedPackNumber,
      endIssuedPackNumber: policy.endIssuedPackNumber,
      soldCount: countOf(policy.id).sold,
      heldCount: countOf(policy.id).held,
      whitelist:
        policy.whitelistName === null
          ? null
          : {
              name: policy.whitelistName,
              emails: whitelisted.filter((entry) => entry.policyId === policy.id).map((entry) => entry.email),
            },
      requiredPass: policy.requiredPassId
        ? { id: policy.requiredPassId, name: passNames.get(policy.requiredPassId)?.name ?? 'Unknown pass' }
        : null,
      passGuarantee: passGuaranteeView(passGuaranteeOf(policy), passNames, 'Unknown pass'),
      isRaffle: raffles.has(policy.id),
      hasWaitingRoom: roomed.has(policy.id),
    })),
    giftRound: consoleGiftRound(gift, counts),
    counts: {
      dropCount: saleTotal,
      soldCount: policies.reduce((sum, policy) => sum + countOf(policy.id).sold, 0),
      heldCount: policies.reduce((sum, policy) => sum + countOf(policy.id).held, 0),
    },
  };
}

/**
 * What the console's list and detail share: the drop row as the API shows it, status at this moment, and how far its
 * publication has written the `packTotal` packs its rounds issue (its gift round's too).
 */
export function consoleDropSummary(drop: TDropRow, brand: TConsoleDrop['brand'], now: Date, packTotal: number) {
  return {
    id: drop.id,
    brand,
    name: drop.name,
    imageUrl: drop.imageUrl,
    visibleAt: drop.visibleAt.toISOString(),
    dropBeginAt: drop.dropBeginAt.toISOString(),
    dropEndAt: drop.dropEndAt.toISOString(),
    editionsPerPack: drop.editionsPerPack,
    publicationStatus: drop.publicationStatus,
    publication: drop.packsWritten === null ? null : { packsWritten: drop.packsWritten, packTotal },
    status: dropStatusAt(drop, now),
    commitment: drop.commitment,
    publishedAt: drop.publishedAt?.toISOString() ?? null,
    createdAt: drop.createdAt.toISOString(),
    updatedAt: drop.updatedAt.toISOString(),
  };
}

/**
 * What an audit row keeps of a drop: the console view with each whitelist as its name and size (a list may hold 50,000
 * emails; the rows of sale_policy_whitelist are the record of who was on it) and without live counts.
 */
export function dropForAudit(drop: TConsoleDrop) {
  const { counts: _counts, giftRound, ...rest } = drop;
  return {
    ...rest,
    giftRound: giftRound ? { ...giftRound, givenCount: undefined } : null,
    rounds: drop.rounds.map(({ whitelist, soldCount: _sold, heldCount: _held, ...round }) => ({
      ...round,
      whitelist: whitelist ? { name: whitelist.name, size: whitelist.emails.length } : null,
    })),
  };
}
