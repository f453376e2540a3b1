import { sql } from 'drizzle-orm';
import { assignPackContents, canonicalEditions, provenanceCommitment } from '@cypher/contract';
import { TEST_PROVENANCE_SEED_KEY } from '../config.ts';
import type { Db } from '../db/client.ts';
import { MINUTE_MS } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { createPackEditions } from '../modules/collection/create-pack-editions.ts';
import { dropContents, drops, salePolicies, salePolicyWhitelist } from '../modules/drops/drops.tables.ts';
import { encryptSeed } from '../modules/drops/provenance-seed-cipher.ts';
import { accessTokens } from '../modules/auth/access-tokens.ts';
import { startSession } from '../modules/auth/sessions.ts';
import { insertBrand, insertCollection, insertProduct } from './catalog-fixtures.ts';
import type { TestApp } from './test-app.ts';
import { depositForTest, insertTestUser } from './wallet-helpers.ts';

export interface TRoundFixture {
  packCount: number;
  /** Cents per pack. */
  price?: number;
  perPersonLimit?: number | null;
  whitelistEmails?: string[];
  /** Minutes from `now`; the first round opens a minute ago and ends in a day by default. */
  beginsInMinutes?: number;
  endsInMinutes?: number;
  /** Packs held back for holders of a pass (decision record 29); `packCount` is the pass's supply times the share. */
  passGuarantee?: { passId: string; packsPerHolder: number; minutes: number; packCount: number };
}

/**
 * A published drop written straight to the tables, its packs filled by the contract's provenance shuffle as publishing
 * does, so order tests control the rounds exactly. Two products (a COMMON and a LEGENDARY), editions split between
 * them. The drop runs from an hour ago to two days from `now`. Its seed is stored encrypted as publishing stores it,
 * with testConfig's key unless `seedKey` says otherwise (the plain seed is in the answer).
 */
export async function insertLiveDrop(
  db: Db,
  options: {
    rounds: TRoundFixture[];
    editionsPerPack?: number;
    now?: Date;
    name?: string;
    seedKey?: Buffer;
    /** Put both products in a new published collection of the brand (figure bases stand on a collection). */
    isInCollection?: boolean;
    /** A gift round of this many packs after the sale rounds (decision record 36), written as publication does. */
    giftPackCount?: number;
  },
) {
  const now = options.now ?? new Date();
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
  const editionsPerPack = options.editionsPerPack ?? 2;
  const brand = await insertBrand(db);
  const collection = options.isInCollection ? await insertCollection(db, brand.id) : null;
  const common = await insertProduct(db, brand.id, { rarity: 'COMMON', collectionId: collection?.id ?? null });
  const legendary = await insertProduct(db, brand.id, { rarity: 'LEGENDARY', collectionId: collection?.id ?? null });
  const giftPackCount = options.giftPackCount ?? 0;
  const packTotal = options.rounds.reduce((sum, round) => sum + round.packCount, 0) + giftPackCount;
  const editionTotal = packTotal * editionsPerPack;
  const legendaryCount = Math.max(1, Math.floor(editionTotal / 10));
  const contents = [
    { productId: common.id, firstSerialNumber: 1, editionCount: editionTotal - legendaryCount },
    { productId: legendary.id, firstSerialNumber: 1, editionCount: legendaryCount },
  ];
  const seed = newId().replaceAll('-', '');
  const assigned = assignPackContents(seed, canonicalEditions(contents), editionsPerPack);
  const dropId = newId();
  await db.insert(drops).values({
    id: dropId,
    brandId: brand.id,
    name: options.name ?? `Drop ${dropId.slice(-6)}`,
    description: null,
    imageUrl: '/uploads/drop.webp',
    visibleAt: at(-120),
    dropBeginAt: at(-60),
    dropEndAt: at(2 * 24 * 60),
    editionsPerPack,
    publicationStatus: 'PUBLISHED',
    commitment: provenanceCommitment(seed, assigned),
    seed: encryptSeed(options.seedKey ?? Buffer.from(TEST_PROVENANCE_SEED_KEY, 'hex'), dropId, seed),
    packsWritten: packTotal,
    publishedAt: at(-120),
    createdAt: at(-120),
    updatedAt: at(-120),
  });
  await db.insert(dropContents).values(contents.map((content) => ({ dropId, ...content })));

  const policies: { id: string; round: number }[] = [];
  let nextPack = 1;
  /** A round's packs with their editions, numbered on from the round before, as publication writes them. */
  async function writePacks(policyId: string, packCount: number) {
    const numbers = Array.from({ length: packCount }, (_, n) => nextPack + n);
    const packIds = numbers.map(() => newId());
    await db.execute(sql`
      insert into packs (id, drop_id, policy_id, number)
      select id, ${dropId}::uuid, ${policyId}::uuid, number
      from unnest(${sql.param(packIds)}::uuid[], ${sql.param(numbers)}::int[]) as p(id, number)`);
    const items = numbers.flatMap((number, n) =>
      assigned[number - 1]!.items.map((item) => ({ ...item, packId: packIds[n]! })),
    );
    await createPackEditions(db, items, now);
    nextPack += packCount;
  }
  for (const [index, round] of options.rounds.entries()) {
    const id = newId();
    await db.insert(salePolicies).values({
      id,
      dropId,
      round: index + 1,
      saleBeginAt: at(round.beginsInMinutes ?? (index === 0 ? -1 : 24 * 60 + index)),
      saleEndAt: at(round.endsInMinutes ?? (index === 0 ? 24 * 60 : 24 * 60 + index + 60)),
      price: round.price ?? 1_000,
      perPersonLimit: round.perPersonLimit ?? null,
      beginIssuedPackNumber: nextPack,
      endIssuedPackNumber: nextPack + round.packCount - 1,
      whitelistName: round.whitelistEmails ? 'Early access' : null,
      guaranteePassId: round.passGuarantee?.passId ?? null,
      packsPerHolder: round.passGuarantee?.packsPerHolder ?? null,
      guaranteeMinutes: round.passGuarantee?.minutes ?? null,
      guaranteedPackCount: round.passGuarantee?.packCount ?? null,
    });
    if (round.whitelistEmails?.length) {
      await db.insert(salePolicyWhitelist).values(round.whitelistEmails.map((email) => ({ policyId: id, email })));
    }
    await writePacks(id, round.packCount);
    policies.push({ id, round: index + 1 });
  }
  let giftRound: { id: string; round: number } | null = null;
  if (giftPackCount > 0) {
    giftRound = { id: newId(), round: options.rounds.length + 1 };
    await db.insert(salePolicies).values({
      ...giftRound,
      dropId,
      saleBeginAt: at(-120),
      saleEndAt: at(2 * 24 * 60),
      price: 0,
      beginIssuedPackNumber: nextPack,
      endIssuedPackNumber: nextPack + giftPackCount - 1,
      isGiftRound: true,
    });
    await writePacks(giftRound.id, giftPackCount);
  }
  return { dropId, brand, collection, products: { common, legendary }, policies, giftRound, seed };
}

/**
 * A signed-in buyer without going through sign-up (no password hashing, so a test can make hundreds): a user row and
 * a session, with an access token signed by the app's own key.
 */
export async function fastBuyer(t: TestApp): Promise<{ userId: string; accessToken: string; email: string }> {
  const userId = await insertTestUser(t.database.db);
  return { userId, accessToken: await freshAccessToken(t, userId), email: `ledger.${userId}@example.com` };
}

/** A fast buyer with `cents` to spend from their balance (a crypto deposit; none for 0, to pay by card). */
export async function fundedBuyer(
  t: TestApp,
  cents: number,
): Promise<{ userId: string; accessToken: string; email: string }> {
  const buyer = await fastBuyer(t);
  if (cents > 0) await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: cents });
  return buyer;
}

/** A new session for a person at the app clock's now: for tests that move the clock past an access token's life. */
export async function freshAccessToken(t: TestApp, userId: string): Promise<string> {
  const tokens = accessTokens({ ...t.deps.config.auth, secret: t.deps.config.auth.secret! }, t.clock);
  const pair = await startSession(t.database.db, { clock: t.clock, tokens, config: t.deps.config }, userId, {
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return pair.accessToken;
}
