import { sql } from 'drizzle-orm';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { TGrantRequest } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { sqlArray } from '../db/sql-arrays.ts';
import type { RateLimiter } from '../http/rate-limit/rate-limiter.ts';
import { MINUTE_MS } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { bearer } from './auth-helpers.ts';
import { insertBrand, insertProduct } from './catalog-fixtures.ts';
import type { TestApp } from './test-app.ts';
import { insertTicketKind } from './ticket-fixtures.ts';
import { publishInConsole } from './console-publication.ts';

/**
 * What attendance, redeem and airdrop tests give away: a brand with a kind of tickets, a pass (made through the
 * console, so its supply is issued as units) and an edition pool (made through the console, so its editions are minted
 * ahead), each as a grant ready to send.
 */
export async function grantables(
  t: TestApp,
  admin: { accessToken: string },
  options: { passSupply?: number; poolSize?: number } = {},
) {
  const db = t.database.db;
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
  const brand = await insertBrand(db);
  const kind = await insertTicketKind(db, { brandId: brand.id, name: 'Raffle ticket', price: null });
  const madePass = await t.app.inject({
    method: 'POST',
    url: '/v1/console/passes',
    headers: bearer(admin.accessToken),
    payload: {
      brandId: brand.id,
      name: 'Gift Pass',
      description: '',
      imageUrl: '/uploads/gift-pass.png',
      benefits: [],
      supply: options.passSupply ?? 5,
      price: 1_000,
      perPersonLimit: null,
      saleBeginAt: at(60 * 24 * 30),
      saleEndAt: at(60 * 24 * 31),
      validFrom: at(-1),
      validUntil: at(60 * 24 * 365),
    },
  });
  if (madePass.statusCode !== 201) throw new Error(`the pass was refused: ${madePass.body}`);
  await publishInConsole(t, admin.accessToken, 'passes', madePass.json().data.id);
  const product = await insertProduct(db, brand.id, { name: 'Golden Cat', rarity: 'LEGENDARY' });
  const madePool = await t.app.inject({
    method: 'POST',
    url: '/v1/console/edition-pools',
    headers: bearer(admin.accessToken),
    payload: { brandId: brand.id, productId: product.id, size: options.poolSize ?? 3 },
  });
  if (madePool.statusCode !== 201) throw new Error(`the pool was refused: ${madePool.body}`);
  const passId = madePass.json().data.id as string;
  const poolId = madePool.json().data.id as string;
  return {
    brand,
    product,
    kind,
    passId,
    poolId,
    grants: {
      credit: (amount = 500): TGrantRequest => ({ kind: 'CREDIT', amount }),
      tickets: (count = 2): TGrantRequest => ({ kind: 'TICKETS', ticketKindId: kind.id, count }),
      pass: (): TGrantRequest => ({ kind: 'PASS', passId }),
      edition: (): TGrantRequest => ({ kind: 'EDITION', editionPoolId: poolId }),
    },
  };
}

/** A person's notifications of one kind as they read them, newest first. */
export async function noticesOf(t: TestApp, accessToken: string, kind: string) {
  const page = (
    await t.app.inject({ method: 'GET', url: '/v1/notifications?size=100', headers: bearer(accessToken) })
  ).json().data as { items: { kind: string; title: string; body: string; linkPath: string | null }[] };
  return page.items
    .filter((item) => item.kind === kind)
    .map(({ title, body, linkPath }) => ({ title, body, linkPath }));
}

/** How many tickets of a kind a person holds (0 for none). */
export async function ticketCountOf(db: Db, userId: string, ticketKindId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count from ticket_holdings where user_id = ${userId} and ticket_kind_id = ${ticketKindId}`,
  );
  return Number(row?.count ?? 0);
}

/**
 * `count` people as user rows (ACTIVE, email verified), written in one statement: a race of ten thousand recipients
 * needs them in seconds, not one sign-up each. Answers their ids in id order.
 */
export async function insertPeople(db: Db, count: number, now = new Date()): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId()).sort();
  for (let start = 0; start < ids.length; start += 5_000) {
    const chunk = ids.slice(start, start + 5_000);
    await db.execute(sql`
      insert into users (id, email, status, email_verified_at, created_at, updated_at)
      select id, 'crowd.' || id || '@example.com', 'ACTIVE', ${now.toISOString()}::timestamptz,
             ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from unnest(${sqlArray(chunk)}::uuid[]) as p(id)`);
  }
  return ids;
}

/** A rate limiter that never refuses: race tests whose point is the database, not the limits, send through it. */
export function unlimitedRateLimiter(): RateLimiter {
  return {
    limiterFor: () => new RateLimiterMemory({ points: 1_000_000_000, duration: 1 }),
    async close() {},
  };
}
