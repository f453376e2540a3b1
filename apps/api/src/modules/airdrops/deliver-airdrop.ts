import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inRetriedTransaction } from '../../db/transaction.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { MINUTE_MS, type Clock } from '../../lib/clock.ts';
import { deliverGrant, deliveriesOf } from '../grants/deliver-grants.ts';
import { storedGrant } from '../grants/grant-views.ts';
import { deletedAccountsAmong } from '../users/people.ts';
import { airdrops, type TAirdropRow } from './airdrops.tables.ts';

/*
 * Route: none (jobs `deliver-airdrop` and `resume-airdrops`, jobs/job-scheduler.ts) · Writes: airdrop_recipients,
 * airdrops (status, heartbeat), and through grants/deliver-grants.ts grant_deliveries, the ledger, ticket movements,
 * pass units or editions, and notifications · Reads: airdrops · Tests: airdrops.test.ts, airdrop-races.test.ts.
 *
 * The queued side of an airdrop. create-airdrop.ts sends `deliver-airdrop` after its commit; a worker delivers it in
 * batches. Nothing depends on that one message: an airdrop not COMPLETED whose row has not moved for a while (its
 * worker was killed, or no queue existed yet) is sent again by the sweep every minute, and at every start-up whatever
 * its age. Two workers on one airdrop are safe (each batch skips the rows another holds), so a sweep that sends one too
 * many costs a query, nothing else.
 */
export const DELIVER_AIRDROP_JOB = 'deliver-airdrop';
export const RESUME_AIRDROPS_JOB = 'resume-airdrops';

/** Recipients per transaction: a few hundred grants in a fixed number of statements, committed within a second. */
const BATCH_SIZE = 500;
/** A batch commits within seconds, so an airdrop whose row has not moved for two minutes has no live worker. */
const STALLED_AFTER_MS = 2 * MINUTE_MS;

const ZDeliverAirdropJob = z.object({ airdropId: z.uuid() });

/** A test's look inside a batch's transaction: when its recipients are locked, and when everything is written. */
type TBatchHook = (tx: Db, batch: number, stage: 'CLAIMED' | 'WRITTEN') => void | Promise<void>;

export interface TAirdropWorkerDeps {
  db: Db;
  clock: Clock;
  config: Pick<TConfig, 'wallet'>;
}

/** `deliver-airdrop`: delivers the rest of one airdrop, from wherever it stands. */
export async function runDeliverAirdropJob(deps: TAirdropWorkerDeps, data: unknown): Promise<void> {
  await deliverAirdrop(deps, ZDeliverAirdropJob.parse(data).airdropId);
}

/**
 * Delivers an airdrop's pending recipients a batch at a time, each batch one transaction:
 * 1. up to BATCH_SIZE PENDING recipients are locked, FOR UPDATE SKIP LOCKED, in user id order;
 * 2. the grant is delivered to them (deliver-grants.ts): one delivery per person and airdrop, unique, so a person
 *    given it by a run that died after its commit is not given it again;
 * 3. each recipient records its outcome (DELIVERED, or OUT_OF_STOCK when a pass's or pool's supply ran out or the
 *    pass is over, or ACCOUNT_DELETED for an account deleted since the airdrop was made, given nothing) and the
 *    airdrop's row its heartbeat.
 * A process killed mid-batch leaves that batch's transaction rolled back: its people are PENDING and the next run,
 * whichever instance runs it, delivers them; the batches before it are done for good. When no recipient is pending the
 * airdrop is COMPLETED. `onBatch` runs inside each batch's transaction once its recipients are claimed and again after
 * its writes: tests kill a run there (its connection terminated, as a process killed mid-batch leaves it) and hold two
 * workers there to see both in flight.
 */
export async function deliverAirdrop(
  deps: TAirdropWorkerDeps,
  airdropId: string,
  options: { batchSize?: number; onBatch?: TBatchHook } = {},
): Promise<{ delivered: number }> {
  const [airdrop] = await deps.db.select().from(airdrops).where(eq(airdrops.id, airdropId));
  if (!airdrop || airdrop.status === 'COMPLETED') return { delivered: 0 };
  await deps.db
    .update(airdrops)
    .set({ status: 'RUNNING', updatedAt: deps.clock.now() })
    .where(and(eq(airdrops.id, airdropId), eq(airdrops.status, 'QUEUED')));
  let delivered = 0;
  for (let batch = 1; ; batch += 1) {
    const size = await inRetriedTransaction(deps.db, (tx) => deliverBatch(deps, tx, airdrop, batch, options));
    delivered += size;
    if (size === 0) break;
  }
  const now = deps.clock.now();
  await deps.db.execute(sql`
    update airdrops set status = 'COMPLETED', completed_at = ${now.toISOString()}::timestamptz,
                        updated_at = ${now.toISOString()}::timestamptz
    where id = ${airdropId} and status <> 'COMPLETED'
      and not exists (select 1 from airdrop_recipients where airdrop_id = ${airdropId} and status = 'PENDING')`);
  return { delivered };
}

async function deliverBatch(
  deps: TAirdropWorkerDeps,
  tx: Db,
  airdrop: TAirdropRow,
  batch: number,
  options: { batchSize?: number; onBatch?: TBatchHook },
): Promise<number> {
  const now = deps.clock.now();
  const pending = await queryRows<{ user_id: string }>(
    tx,
    sql`select user_id from airdrop_recipients where airdrop_id = ${airdrop.id} and status = 'PENDING'
        order by user_id limit ${options.batchSize ?? BATCH_SIZE} for update skip locked`,
  );
  if (pending.length === 0) return 0;
  await options.onBatch?.(tx, batch, 'CLAIMED');
  // Chosen when the airdrop was made: an account deleted since is given nothing (its credit, editions or packs could
  // never be used, and a pool's or pass's supply would go to it instead of to someone living). Their rows are held so
  // the deletion job either waits for this batch (and then finds what it gave) or has finished and is seen here.
  const deleted = await deletedAccountsAmong(
    tx,
    pending.map((row) => row.user_id),
  );
  const userIds = pending.map((row) => row.user_id).filter((id) => !deleted.has(id));
  if (deleted.size > 0) {
    await tx.execute(sql`
      update airdrop_recipients set status = 'ACCOUNT_DELETED', processed_at = ${now.toISOString()}::timestamptz
      where airdrop_id = ${airdrop.id} and user_id = any(${sqlArray([...deleted])}::uuid[]) and status = 'PENDING'`);
  }
  await deliverGrant(tx, {
    grant: storedGrant(airdrop.grant),
    occasion: 'AIRDROP',
    referenceId: airdrop.id,
    userIds,
    notice: { title: 'Airdrop received', body: (what) => `${airdrop.name}: you received ${what}.` },
    wording: { cypMinorUnits: deps.config.wallet.cypMinorUnits },
    now,
  });
  const outcomes = await deliveriesOf(tx, 'AIRDROP', airdrop.id, userIds);
  await tx.execute(sql`
    update airdrop_recipients r set status = o.status, delivery_id = o.delivery_id,
                                    processed_at = ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(userIds)}::uuid[], ${sqlArray(userIds.map((id) => outcomes.get(id)!.status))}::text[],
                ${sqlArray(userIds.map((id) => outcomes.get(id)!.id))}::uuid[]) as o(user_id, status, delivery_id)
    where r.airdrop_id = ${airdrop.id} and r.user_id = o.user_id and r.status = 'PENDING'`);
  await tx.update(airdrops).set({ updatedAt: now }).where(eq(airdrops.id, airdrop.id));
  await options.onBatch?.(tx, batch, 'WRITTEN');
  return pending.length;
}

/**
 * `resume-airdrops`: sends `deliver-airdrop` for each airdrop not COMPLETED whose row has not moved in
 * `stalledAfterMs` (0 at start-up: whatever this process was delivering when it stopped). Answers the airdrops sent.
 */
export async function resumeAirdrops(
  ctx: { db: Db; clock: Clock; jobs: JobQueue },
  options: { stalledAfterMs?: number } = {},
): Promise<string[]> {
  const stalledBefore = new Date(ctx.clock.now().getTime() - (options.stalledAfterMs ?? STALLED_AFTER_MS));
  const stalled = await ctx.db
    .select({ id: airdrops.id })
    .from(airdrops)
    .where(and(ne(airdrops.status, 'COMPLETED'), lte(airdrops.updatedAt, stalledBefore)));
  for (const airdrop of stalled) await ctx.jobs.send(DELIVER_AIRDROP_JOB, { airdropId: airdrop.id });
  return stalled.map((airdrop) => airdrop.id);
}
