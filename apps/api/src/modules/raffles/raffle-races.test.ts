import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyRaffleRecord } from '@cypher/contract';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, freshAccessToken } from '../../testing/drop-fixtures.ts';
import { drawDeps, insertRaffleRound } from '../../testing/raffle-fixtures.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { giveTickets, insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { drawRaffle } from './draw-raffle.ts';

// Raffle entries and draws through two API instances on one PostgreSQL, as passes are in passes/pass-races.test.ts.
// On PGlite (one transaction at a time) there is no race to run: these run in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { userId: string; accessToken: string };

twoInstancesOnPostgres({}, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;

describe.runIf(isOnPostgres)('raffle races on PostgreSQL', () => {
  it('50 concurrent entries by one person across two instances: one entry, one ticket spent', async () => {
    const kind = await insertTicketKind(db());
    const { roundId } = await insertRaffleRound(a, admin.accessToken, { ticketKindId: kind.id });
    const fan = await fastBuyer(a);
    await giveTickets(db(), fan.userId, kind.id, 5);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        (n % 2 ? a : b).app.inject({
          method: 'POST',
          url: `/v1/raffles/${roundId}/entries`,
          headers: bearer(fan.accessToken),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(49);
    expect(new Set(answers.map((answer) => answer.json().data.handle)).size).toBe(1);
    const [counts] = await queryRows<{ entries: number; spends: number; held: number }>(
      db(),
      sql`select (select count(*)::int from raffle_entries where policy_id = ${roundId}) as entries,
                 (select count(*)::int from ticket_movements where user_id = ${fan.userId} and reason = 'RAFFLE_ENTRY') as spends,
                 (select count from ticket_holdings where user_id = ${fan.userId} and ticket_kind_id = ${kind.id}) as held`,
    );
    expect(counts).toEqual({ entries: 1, spends: 1, held: 4 });
  }, 60_000);

  it('500 entrants at once across two instances, then both instances drawing at the same moment: one draw, 100 winners, checkable from the public record', async () => {
    admin.accessToken = await freshAccessToken(a, admin.userId);
    const { roundId } = await insertRaffleRound(a, admin.accessToken, { places: 100, packCount: 100 });
    const fans = await Promise.all(Array.from({ length: 500 }, () => fastBuyer(a)));
    const answers = await Promise.all(
      fans.map((fan, n) =>
        (n % 2 ? a : b).app.inject({
          method: 'POST',
          url: `/v1/raffles/${roundId}/entries`,
          headers: bearer(fan.accessToken),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(500);

    a.clock.advance(31 * MINUTE_MS);
    const draws = await Promise.all([
      drawRaffle(drawDeps(a), roundId, a.clock.now()),
      drawRaffle(drawDeps(b), roundId, a.clock.now()),
      drawRaffle(drawDeps(a), roundId, a.clock.now()),
      drawRaffle(drawDeps(b), roundId, a.clock.now()),
    ]);
    expect(draws.filter(Boolean)).toHaveLength(1);
    const record = (await b.app.inject({ method: 'GET', url: `/v1/raffles/${roundId}` })).json().data;
    expect(record.entriesCount).toBe(500);
    expect(record.winners).toHaveLength(100);
    expect(verifyRaffleRecord(record)).toEqual({ firstDraw: { ok: true }, secondDraw: null });
    const [told] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications n join raffle_entries e on e.id = n.reference_id
          where e.policy_id = ${roundId}`,
    );
    expect(told!.n).toBe(500);
  }, 120_000);
});
