import { sql } from 'drizzle-orm';
import { admissionIntervalMs } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { inRetriedTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import { advisoryLockClasses } from '../../../db/advisory-locks.ts';

/*
 * Route: none of its own; the waiting room's GET and POST (for a caller not placed yet once the round is open), the
 * job queued for a round's opening and the recurring job `draw-waiting-rooms` run it · Writes: waiting_rooms
 * (places_drawn_at, once; last_place and last_admit_at each run that places someone), waiting_room_entries (place, admit_at, once per entry) · Reads: sale_policies ·
 * Tests: waiting-room.test.ts, waiting-room-races.test.ts.
 */

/** Sent when a room is set, to start at its round's opening (one waiting job per round); the recurring one sweeps up. */
export const DRAW_WAITING_ROOM_AT_OPENING_JOB = 'draw-waiting-room-at-opening';
export const DRAW_WAITING_ROOMS_JOB = 'draw-waiting-rooms';

export interface TPlacesAssigned {
  /** This run drew the places of everyone who joined before the opening (true in exactly one run per round). */
  hasDrawn: boolean;
  /** Entries this run placed, drawn and later arrivals together. */
  placed: number;
}

/**
 * Gives places to the round's entries that have none, once the round is open. One run per round at a time across
 * every instance (an advisory lock held for the transaction), so two runs never hand out the same place; the draw is
 * also guarded by a conditional update of `places_drawn_at`, so it happens exactly once even if that were not so.
 *
 * 1. The draw (the first run after the opening): everyone who joined before the opening is placed 1..n by the rank of
 *    their random key, in one statement. Their admission times are the opening plus (place - 1) intervals.
 * 2. Later arrivals (every run): the entries still without a place, in arrival order, after the last place given
 *    (kept on the room: the entry that held it may have been deleted by its person joining again).
 *    If the line is still moving they continue its schedule one interval apart; if it had emptied (the last place's
 *    time has passed by more than an interval), the first of them is admitted now and the rest follow one interval
 *    apart, so a burst after a quiet spell is admitted at the room's rate and never all at once.
 *
 * An entry whose join committed after the draw's snapshot, though it began before the opening, is a later arrival:
 * the first of them, since the sequence gave it an early arrival number.
 */
export async function assignWaitingRoomPlaces(db: Db, policyId: string, now: Date): Promise<TPlacesAssigned> {
  return inRetriedTransaction(db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${advisoryLockClasses.waitingRoomPlaces}, hashtext(${policyId}))`,
    );
    const [room] = await queryRows<{
      sale_begin_at: Date | string;
      admit_per_minute: number;
      is_drawn: boolean;
      last_place: number;
      last_admit_at: Date | string | null;
    }>(
      tx,
      sql`select p.sale_begin_at, w.admit_per_minute, w.places_drawn_at is not null as is_drawn,
                 w.last_place, w.last_admit_at
          from waiting_rooms w join sale_policies p on p.id = w.policy_id
          where w.policy_id = ${policyId}::uuid`,
    );
    if (!room) return { hasDrawn: false, placed: 0 };
    const opensAt = new Date(room.sale_begin_at);
    if (now < opensAt) return { hasDrawn: false, placed: 0 };
    const intervalMs = admissionIntervalMs(room.admit_per_minute);
    let last = { place: Number(room.last_place), admitAtMs: room.last_admit_at ? toMs(room.last_admit_at) : null };

    let hasDrawn = false;
    let placed = 0;
    if (!room.is_drawn) {
      const marked = await queryRows<{ policy_id: string }>(
        tx,
        sql`update waiting_rooms set places_drawn_at = ${now.toISOString()}::timestamptz
            where policy_id = ${policyId}::uuid and places_drawn_at is null
            returning policy_id`,
      );
      if (marked.length === 1) {
        hasDrawn = true;
        const drawn = await queryRows<TPlacedRow>(
          tx,
          sql`update waiting_room_entries e
              set place = d.place,
                  admit_at = ${opensAt.toISOString()}::timestamptz
                    + floor((d.place - 1) * ${intervalMs}::float8) * interval '1 millisecond'
              from (select user_id, row_number() over (order by draw_key collate "C", user_id) as place
                    from waiting_room_entries
                    where policy_id = ${policyId}::uuid and place is null
                      and joined_at < ${opensAt.toISOString()}::timestamptz) d
              where e.policy_id = ${policyId}::uuid and e.user_id = d.user_id
              returning e.place, e.admit_at`,
        );
        placed += drawn.length;
        last = lastOf(drawn, last);
      }
    }

    const isMoving = last.admitAtMs !== null && last.admitAtMs + intervalMs > now.getTime();
    // Place p is admitted at origin + (p - originPlace) intervals.
    const origin = isMoving ? new Date(last.admitAtMs!) : now;
    const originPlace = isMoving ? last.place : last.place + 1;
    const later = await queryRows<TPlacedRow>(
      tx,
      sql`update waiting_room_entries e
          set place = l.place,
              admit_at = ${origin.toISOString()}::timestamptz
                + floor((l.place - ${originPlace}) * ${intervalMs}::float8) * interval '1 millisecond'
          from (select user_id, ${last.place} + row_number() over (order by arrival) as place
                from waiting_room_entries
                where policy_id = ${policyId}::uuid and place is null) l
          where e.policy_id = ${policyId}::uuid and e.user_id = l.user_id
          returning e.place, e.admit_at`,
    );
    placed += later.length;
    last = lastOf(later, last);
    if (placed > 0) {
      await tx.execute(
        sql`update waiting_rooms
            set last_place = ${last.place}, last_admit_at = ${new Date(last.admitAtMs!).toISOString()}::timestamptz
            where policy_id = ${policyId}::uuid`,
      );
    }
    return { hasDrawn, placed };
  });
}

interface TPlacedRow {
  place: number;
  admit_at: Date | string;
}
const toMs = (value: Date | string) => new Date(value).getTime();

/** The last of `rows` (the highest place) when there are any, else `previous`. */
function lastOf(rows: readonly TPlacedRow[], previous: { place: number; admitAtMs: number | null }) {
  let last = previous;
  for (const row of rows) {
    if (Number(row.place) > last.place) last = { place: Number(row.place), admitAtMs: toMs(row.admit_at) };
  }
  return last;
}

interface TRuns {
  running: Promise<TPlacesAssigned>;
  queued: Promise<TPlacesAssigned> | null;
}
/** Per database handle, which is per process in production; two test instances in one process keep their own. */
const runsByDb = new WeakMap<Db, Map<string, TRuns>>();
const ignore = () => undefined;

/**
 * A run of assignWaitingRoomPlaces that starts after this call, shared with everyone in this process asking for the
 * same round meanwhile: one run at a time per round and process, and at most one waiting behind it, whatever the
 * number of people polling at the opening. When it resolves, every entry committed before the call has a place (a run
 * that was already under way may have read the entries before the caller's; the queued one reads after).
 */
export function assignPlacesSoon(deps: { db: Db; clock: Clock }, policyId: string): Promise<TPlacesAssigned> {
  const runs = runsByDb.get(deps.db) ?? new Map<string, TRuns>();
  runsByDb.set(deps.db, runs);
  const current = runs.get(policyId);
  if (!current) return startRun(deps, runs, policyId);
  current.queued ??= current.running.then(ignore, ignore).then(() => startRun(deps, runs, policyId));
  return current.queued;
}

function startRun(
  deps: { db: Db; clock: Clock },
  runs: Map<string, TRuns>,
  policyId: string,
): Promise<TPlacesAssigned> {
  const running = assignWaitingRoomPlaces(deps.db, policyId, deps.clock.now());
  const state: TRuns = { running, queued: null };
  runs.set(policyId, state);
  running.then(ignore, ignore).then(() => {
    if (runs.get(policyId) === state) runs.delete(policyId);
  });
  return running;
}

/**
 * The jobs: every room whose round has opened and whose places are not drawn yet, drawn now (the job queued for the
 * opening does it on the second; the every-minute one after a restart). Polls do the same on their own, so this only
 * spares the first of them the wait.
 */
export async function drawOpenedWaitingRooms(db: Db, now: Date): Promise<number> {
  const due = await queryRows<{ policy_id: string }>(
    db,
    sql`select w.policy_id from waiting_rooms w join sale_policies p on p.id = w.policy_id
        where w.places_drawn_at is null and p.sale_begin_at <= ${now.toISOString()}::timestamptz`,
  );
  let drawn = 0;
  for (const { policy_id: policyId } of due) {
    if ((await assignWaitingRoomPlaces(db, policyId, now)).hasDrawn) drawn += 1;
  }
  return drawn;
}
