import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CHECKSUM_MESSAGE, editionMessages } from '@cypher/contract';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { collectorWithPack, brandCountDrift } from '../../testing/collection-fixtures.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const post = (url: string, accessToken: string, payload?: object, key = newId()) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(accessToken), 'idempotency-key': key }, payload });

async function historyOf(editionId: string): Promise<{ kind: string; createdAt: string }[]> {
  return (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}/histories` })).json().data.items;
}

async function historyKinds(editionId: string): Promise<string[]> {
  return (await historyOf(editionId)).map((entry) => entry.kind);
}

describe('edition moves', () => {
  it('lock keeps an edition from export until unlocked; each move is in its history', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    const [editionId] = editionIds;
    const locked = await post(`/v1/editions/${editionId}/lock`, collector.accessToken);
    expect(locked.json().data).toMatchObject({ state: 'LOCKED', isLocked: true });

    const refused = await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address: WALLET });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EDITION_LOCKED');
    // Asking again for what it already is (a second tab) answers it as it is, with nothing more in its history.
    const again = await post(`/v1/editions/${editionId}/lock`, collector.accessToken);
    expect([again.statusCode, again.json().data.state]).toEqual([200, 'LOCKED']);
    const notLocked = await post(`/v1/editions/${editionIds[1]}/unlock`, collector.accessToken);
    expect([notLocked.statusCode, notLocked.json().data.state]).toEqual([200, 'OWNED']);
    expect(await historyKinds(editionIds[1]!)).toEqual(['MINTED', 'PURCHASED', 'OPENED']);

    const unlocked = await post(`/v1/editions/${editionId}/unlock`, collector.accessToken);
    expect(unlocked.json().data).toMatchObject({ state: 'OWNED', isLocked: false });
    expect(await historyKinds(editionId!)).toEqual(['MINTED', 'PURCHASED', 'OPENED', 'LOCKED', 'UNLOCKED']);
  });

  it("refuses to move someone else's edition (403) and nothing changes", async () => {
    const { editionIds } = await collectorWithPack(t);
    const stranger = await fastBuyer(t);
    for (const move of ['lock', 'export']) {
      const body = move === 'export' ? { address: WALLET } : undefined;
      const refused = await post(`/v1/editions/${editionIds[0]}/${move}`, stranger.accessToken, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'EDITION_NOT_YOURS', message: 'This collectible is not yours.' });
    }
    expect(await historyKinds(editionIds[0]!)).toEqual(['MINTED', 'PURCHASED', 'OPENED']);
  });

  it('exports to a checked address: the edition leaves the collection and its history names the wallet', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    const [editionId] = editionIds;
    const bad = await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address: '0x1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'address', message: 'Enter the wallet address to export to: 0x followed by 40 hexadecimal characters.' },
    ]);

    // Its own contract (shown on its page) and a letter in the wrong case are named as what they are.
    const { contractAddress } = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}` })).json().data;
    for (const [address, message] of [
      [contractAddress, editionMessages.contractAddress],
      [contractAddress.toUpperCase().replace('0X', '0x'), editionMessages.contractAddress],
      [WALLET.replace('EE7', 'Ee7'), ADDRESS_CHECKSUM_MESSAGE],
    ] as const) {
      const refused = await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address });
      expect([refused.statusCode, refused.json().details], address).toEqual([400, [{ field: 'address', message }]]);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}` })).json().data.state).toBe('OWNED');

    const key = newId();
    const exported = await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address: WALLET }, key);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data).toMatchObject({ state: 'EXPORTED', owner: null });
    // The same request again answers the same, once.
    const replay = await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address: WALLET }, key);
    expect(replay.json()).toEqual(exported.json());

    const again = await post(`/v1/editions/${editionId}/export`, collector.accessToken, { address: WALLET });
    expect(again.json().code).toBe('EDITION_UNAVAILABLE');
    const history = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}/histories` })).json().data
      .items;
    expect(history.at(-1)).toMatchObject({ kind: 'EXPORTED', counterpartAddress: WALLET });
    expect(history.filter((entry: { kind: string }) => entry.kind === 'EXPORTED')).toHaveLength(1);
  });

  it('dates a move after the edition’s last one, so its history reads in the order the moves happened', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    const [editionId] = editionIds;
    expect((await post(`/v1/editions/${editionId}/lock`, collector.accessToken)).statusCode).toBe(200);
    // The next request carries an earlier time than the lock's, as one that arrived first and waited for the row does.
    t.clock.advance(-60_000);
    expect((await post(`/v1/editions/${editionId}/unlock`, collector.accessToken)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const history = await historyOf(editionId!);
    expect(history.map((entry) => entry.kind)).toEqual(['MINTED', 'PURCHASED', 'OPENED', 'LOCKED', 'UNLOCKED']);
    // A microsecond after the lock: the same millisecond as the API writes times.
    const [locked, unlocked] = history.slice(-2).map((entry) => Date.parse(entry.createdAt));
    expect(unlocked).toBe(locked);
  });

  // Review: "Show more" repeated entries: the cursor kept the last row's time to the millisecond, and moves within one
  // millisecond are dated a microsecond apart, so the next page began at that row again.
  it('pages a history whose moves share a millisecond without repeating or skipping an entry', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    const [editionId] = editionIds;
    for (const move of ['lock', 'unlock', 'lock', 'unlock']) {
      expect((await post(`/v1/editions/${editionId}/${move}`, collector.accessToken)).statusCode).toBe(200);
    }
    const [spread] = await queryRows<{ rows: number; milliseconds: number }>(
      db(),
      sql`select count(*)::int as rows, count(distinct date_trunc('milliseconds', created_at))::int as milliseconds
          from product_activities where edition_id = ${editionId}`,
    );
    expect(spread!.milliseconds).toBeLessThan(spread!.rows);

    const whole = await historyOf(editionId!);
    const paged: { kind: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages += 1) {
      const query: string = cursor ? `size=1&cursor=${cursor}` : 'size=1';
      const page = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}/histories?${query}` })).json()
        .data as { items: { kind: string; createdAt: string }[]; nextCursor: string | null };
      paged.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(paged).toEqual(whole);
    expect(paged.map((entry) => entry.kind)).toEqual([
      'MINTED',
      'PURCHASED',
      'OPENED',
      'LOCKED',
      'UNLOCKED',
      'LOCKED',
      'UNLOCKED',
    ]);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can race these (CI's PostgreSQL pass).
  it.runIf(Boolean(testDatabaseUrl()))(
    '10 concurrent exports of one edition: exactly one wins, once in its history',
    async () => {
      const { collector, editionIds } = await collectorWithPack(t);
      const [editionId] = editionIds;
      // The gate holds the edition row, so all ten queue on it before any runs; then they run into each other.
      const answers = await raceThroughGate(
        t.database.pool!.options.connectionString!,
        [{ text: 'select 1 from editions where id = $1 for update', values: [editionId] }],
        10,
        () =>
          Promise.all(
            Array.from({ length: 10 }, (_, index) =>
              post(`/v1/editions/${editionId}/export`, collector.accessToken, {
                // Never the zero address, which is refused before it could queue on the gate.
                address: `0x${String(index + 1).padStart(40, '0')}`,
              }),
            ),
          ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 200 ? 'EXPORTED' : answer.json().code)).sort();
      expect(codes).toEqual([...Array<string>(9).fill('EDITION_UNAVAILABLE'), 'EXPORTED']);
      const exportedRows = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from product_activities where edition_id = ${editionId} and kind = 'EXPORTED'`,
      );
      expect(exportedRows[0]!.n).toBe(1);
    },
  );
  // Last in the file: every move above went through the trigger that keeps My Collection's brand counts.
  it('leaves every collector’s brand counts equal to a count of their editions', async () => {
    expect(await brandCountDrift(db())).toEqual([]);
  });
});
