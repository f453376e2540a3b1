import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isErrorCode, type TFieldError } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import { queryRows } from '../db/query-rows.ts';
import { inRetriedTransaction } from '../db/transaction.ts';
import { DAY_MS } from '../lib/clock.ts';
import { AppError } from './app-error.ts';
import { isEmptyBody } from './body-less-routes.ts';
import { idempotencyKeys } from './idempotency/idempotency.tables.ts';
import { sqlArray } from '../db/sql-arrays.ts';

const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;

/**
 * How old a claim still `processing` may get before a retry with the same request may take it over. The work under
 * a key is one database transaction (provider calls come after it, outside), done in milliseconds and in seconds
 * under the worst lock queue; two minutes is far beyond any live request, so a claim that old was left by a process
 * that stopped between claiming and completing, and without this the person's retries would get 409 for a day. A
 * request that does outlive it cannot complete over its retry: completion is conditional on still holding the claim.
 */
export const STALE_IDEMPOTENCY_CLAIM_MS = 2 * 60 * 1000;

export interface IdempotentResult<T> {
  status: number;
  body: T;
}

/** The `Idempotency-Key` header, checked: 1 to 200 visible ASCII characters, or none. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError('INVALID_REQUEST', {
      details: [{ field: 'Idempotency-Key', message: 'Use 1 to 200 visible characters, for example a UUID.' }],
    });
  }
  return value;
}

/** What a money-moving request's key is checked by: the key, and a fingerprint of what the request asks. */
export interface TIdempotentRequest {
  key: string;
  /**
   * sha256 of method, route, params and body (no body, `null` and `{}` alike: isEmptyBody): the same key with another
   * request is refused.
   */
  requestHash: string;
}

/** The request's `Idempotency-Key` and fingerprint, or null without a key (then the work just runs). */
export function idempotentRequestOf(request: FastifyRequest): TIdempotentRequest | null {
  const key = idempotencyKeyOf(request);
  if (!key) return null;
  const route = request.routeOptions.url ?? request.url;
  const requestHash = createHash('sha256')
    .update(
      JSON.stringify([request.method, route, request.params ?? null, isEmptyBody(request.body) ? null : request.body]),
    )
    .digest('hex');
  return { key, requestHash };
}

/**
 * ARCHITECTURE rule 8 for a money-moving POST. Without a key the work just runs. With one:
 * - the key is claimed by INSERT (the primary key decides between concurrent requests, never a read);
 * - the work runs in a transaction that also stores its answer, so an effect and its replayable answer commit together;
 *   a deadlock or serialization failure runs that transaction again (inRetriedTransaction): the claim is still ours;
 * - a replay gets the first answer (a success, or the same expected refusal such as INSUFFICIENT_FUNDS);
 * - the same key with another body is 422 IDEMPOTENCY_KEY_REUSED; while the first is running, 409 REQUEST_IN_PROGRESS;
 * - an unexpected failure (a bug, the database down) frees the key, so the client's retry runs the work again;
 * - a claim left `processing` by a process that stopped mid-request is taken over by the same request's retry once
 *   stale (STALE_IDEMPOTENCY_CLAIM_MS), by one conditional UPDATE whose row count picks exactly one retry.
 */
export async function runIdempotent<T>(
  deps: { db: Db; now: Date },
  request: FastifyRequest,
  userId: string,
  work: (tx: Db) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T>> {
  return runWithIdempotencyKey(deps, userId, idempotentRequestOf(request), work);
}

/** runIdempotent for a service, which takes the key and fingerprint rather than the Fastify request. */
export async function runWithIdempotencyKey<T>(
  deps: { db: Db; now: Date },
  userId: string,
  idempotent: TIdempotentRequest | null,
  work: (tx: Db) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T>> {
  if (!idempotent) return inRetriedTransaction(deps.db, work);
  const { key, requestHash } = idempotent;
  const claimedAt = deps.now;
  if (!(await claimKey(deps.db, userId, idempotent, claimedAt))) return replay<T>(deps.db, userId, key, requestHash);

  // Every write below holds only while the claim is still ours: a retry may have taken over a claim gone stale.
  const mine = and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.status, 'processing'),
    eq(idempotencyKeys.createdAt, claimedAt),
  );
  try {
    return await inRetriedTransaction(deps.db, async (tx) => {
      const result = await work(tx);
      const completed = await tx
        .update(idempotencyKeys)
        .set({ status: 'completed', responseStatus: result.status, responseBody: result.body as object })
        .where(mine)
        .returning({ key: idempotencyKeys.key });
      // Our claim went stale and a retry runs (or ran) the work: ours rolls back so it happens once.
      if (completed.length === 0) throw new AppError('REQUEST_IN_PROGRESS');
      return result;
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await deps.db
        .update(idempotencyKeys)
        .set({
          status: 'completed',
          responseStatus: error.status,
          responseBody: { code: error.code, details: error.details ?? null },
        })
        .where(mine);
    } else {
      await deps.db.delete(idempotencyKeys).where(mine);
    }
    throw error;
  }
}

/**
 * Claims the key for this request: a new key by INSERT (the primary key decides between concurrent requests), or a
 * stale claim of the same request by moving its claim time to now. Concurrent retries of a stale claim all run that
 * UPDATE; the first commits the new time, and each other one, re-checking the row after waiting for it, finds it no
 * longer stale and updates nothing: the row count decides, never a read. created_at is the claim's time, so a
 * reclaimed key is also kept 24 hours from its reclaim.
 */
async function claimKey(db: Db, userId: string, idempotent: TIdempotentRequest, now: Date): Promise<boolean> {
  const { key, requestHash } = idempotent;
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, status: 'processing', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return true;
  const reclaimed = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.status, 'processing'),
        eq(idempotencyKeys.requestHash, requestHash),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_IDEMPOTENCY_CLAIM_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return reclaimed.length === 1;
}

/**
 * Whether a key is already known (answered, or claimed by a request in progress): one primary-key read, no lock. For a
 * shortcut answer that stores nothing (a round remembered sold out): a known key must go the way of its replay
 * instead, so a retry of a purchase that succeeded gets its order, never a refusal.
 */
export async function isIdempotencyKeyKnown(db: Db, userId: string, key: string): Promise<boolean> {
  // Prepared once per handle: after a sell-out every attempt asks this, and PostgreSQL planned it each time (a drop
  // rush's 190,000 SOLD_OUT answers spent 5 s of its CPU planning this one read, pg_stat_statements).
  const query = preparedQuery(db, 'idempotency_key_known', (handle) =>
    handle
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))),
      )
      .prepare('idempotency_key_known'),
  );
  const [row] = await query.execute({ userId, key });
  return row !== undefined;
}

async function replay<T>(db: Db, userId: string, key: string, requestHash: string): Promise<IdempotentResult<T>> {
  const row = await keyRowOf(db, userId, key);
  // Gone between our INSERT and this read: the first request failed unexpectedly and freed it; the client retries.
  if (!row) throw new AppError('REQUEST_IN_PROGRESS');
  return replayOf<T>(row, requestHash);
}

async function keyRowOf(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * For a refusal decided before a key's work, by checks that take no lock (a round or a code's window, a rate limit):
 * such a refusal did nothing and is not kept, but a retry of a request already answered must get its first answer
 * (rule 8) whatever those checks say now (the round has closed since, the code has expired). So a refusal of a
 * request with a key looks the key up: a known one is replayed (its success, or its own refusal), an unknown one
 * leaves the refusal as it is. Only refusals pay that read; anything but a refusal (a bug, the database down) is
 * thrown on as it came.
 */
export async function replayOrRefuse<T>(
  db: Db,
  userId: string,
  idempotent: TIdempotentRequest | null,
  refusal: unknown,
): Promise<IdempotentResult<T>> {
  if (!idempotent || !(refusal instanceof AppError) || refusal.status >= 500) throw refusal;
  const row = await keyRowOf(db, userId, idempotent.key);
  if (!row) throw refusal;
  return replayOf<T>(row, idempotent.requestHash);
}

function replayOf<T>(row: typeof idempotencyKeys.$inferSelect, requestHash: string): IdempotentResult<T> {
  if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (row.status === 'processing') throw new AppError('REQUEST_IN_PROGRESS');
  const body = row.responseBody as { code?: unknown; details?: TFieldError[] | null };
  if (row.responseStatus !== null && row.responseStatus >= 400 && isErrorCode(body.code)) {
    throw new AppError(body.code, body.details ? { details: body.details } : {});
  }
  return { status: row.responseStatus ?? 200, body: row.responseBody as T };
}

/** Recurring job: keys older than 24 hours are forgotten (a client retries within minutes, not days). */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}

/** One request of a batch that claims its keys together (purchases batched per transaction). */
export interface TBatchedIdempotentRequest extends TIdempotentRequest {
  userId: string;
}

const keyOf = (request: { userId: string; key: string }) => `${request.userId}\u0000${request.key}`;
const byUserAndKey = (a: { userId: string; key: string }, b: { userId: string; key: string }) =>
  a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/**
 * Claims many requests' keys with one INSERT (the primary key decides, as for one), in the transaction of their work:
 * the claims commit with the answers, or roll back with everything else. Returns the requests whose key is now theirs:
 * a key already known (a replay, a request in progress, a stale claim) is left to runWithIdempotencyKey, and of two
 * requests with the same key in one batch only the first claims it. A key that another transaction is inserting makes
 * this INSERT wait for that one's end; keys are inserted in one order, so two batches never wait on each other in a
 * cycle.
 */
export async function claimIdempotencyKeys<T extends TBatchedIdempotentRequest>(
  db: Db,
  requests: readonly T[],
  claimedAt: Date,
): Promise<Set<T>> {
  if (requests.length === 0) return new Set();
  const sorted = [...requests].sort(byUserAndKey);
  const column = (pick: (request: T) => string) => sqlArray(sorted.map(pick));
  // One text for every batch size (arrays, not a VALUES list of a parameter per cell), sent now rather than when
  // awaited, so a batch's locks can follow it in the same round trip. unnest keeps the arrays' order: the lock order.
  const claimed = await queryRows<{ userId: string; key: string }>(
    db,
    sql`
    insert into idempotency_keys (user_id, key, request_hash, status, created_at)
    select k.user_id, k.key, k.request_hash, 'processing', ${claimedAt.toISOString()}::timestamptz
    from unnest(${column((request) => request.userId)}::uuid[], ${column((request) => request.key)}::text[],
                ${column((request) => request.requestHash)}::text[]) as k(user_id, key, request_hash)
    on conflict do nothing
    returning user_id as "userId", key`,
  );
  const won = new Set(claimed.map(keyOf));
  const mine = new Set<T>();
  for (const request of requests) {
    if (won.delete(keyOf(request))) mine.add(request);
  }
  return mine;
}

/**
 * Stores the answers of claimed requests, in the transaction of their effects (so an effect and its replayable answer
 * commit together): a success's body, or an expected refusal's code. Throws REQUEST_IN_PROGRESS, rolling the whole
 * batch back, if any claim is no longer this batch's.
 */
export async function completeIdempotencyKeys(
  tx: Db,
  answers: readonly { request: TBatchedIdempotentRequest; status: number; body: object }[],
  claimedAt: Date,
): Promise<void> {
  if (answers.length === 0) return;
  // Sent at once, so it goes out with the batch's writes (db/pipelined-transaction.ts).
  const completed = await queryRows<{ key: string }>(
    tx,
    sql`
    update idempotency_keys k
    set status = 'completed', response_status = a.status, response_body = a.body
    from unnest(${sqlArray(answers.map((a) => a.request.userId))}::uuid[], ${sqlArray(answers.map((a) => a.request.key))}::text[],
                ${sqlArray(answers.map((a) => a.status))}::int[], ${sqlArray(answers.map((a) => JSON.stringify(a.body)))}::jsonb[])
      as a(user_id, key, status, body)
    where k.user_id = a.user_id and k.key = a.key and k.status = 'processing' and k.created_at = ${claimedAt.toISOString()}::timestamptz
    returning k.key`,
  );
  if (completed.length !== answers.length) throw new AppError('REQUEST_IN_PROGRESS');
}
