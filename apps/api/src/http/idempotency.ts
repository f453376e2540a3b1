import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isErrorCode, type TFieldError } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { DAY_MS } from '../lib/clock.ts';
import { AppError } from './app-error.ts';
import { idempotencyKeys } from './idempotency/idempotency.tables.ts';

export const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;

export interface IdempotentResult<T> {
  status: number;
  body: T;
}

/** The `Idempotency-Key` header, checked: 1 to 200 visible ASCII characters, or none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
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

function fingerprint(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url;
  return createHash('sha256')
    .update(JSON.stringify([request.method, route, request.params ?? null, request.body ?? null]))
    .digest('hex');
}

/**
 * ARCHITECTURE rule 8 for a money-moving POST. Without a key the work just runs. With one:
 * - the key is claimed by INSERT (the primary key decides between concurrent requests, never a read);
 * - the work runs in a transaction that also stores its answer, so an effect and its replayable answer commit together;
 * - a replay gets the first answer (a success, or the same expected refusal such as INSUFFICIENT_FUNDS);
 * - the same key with another body is 422 IDEMPOTENCY_KEY_REUSED; while the first is running, 409 REQUEST_IN_PROGRESS;
 * - an unexpected failure (a bug, the database down) frees the key, so the client's retry runs the work again.
 */
export async function runIdempotent<T>(
  deps: { db: Db; now: Date },
  request: FastifyRequest,
  userId: string,
  work: (tx: Db) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T>> {
  const key = idempotencyKeyOf(request);
  if (!key) return inTransaction(deps.db, work);
  const requestHash = fingerprint(request);
  const claimed = await deps.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, status: 'processing', createdAt: deps.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) return replay<T>(deps.db, userId, key, requestHash);

  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  try {
    return await inTransaction(deps.db, async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ status: 'completed', responseStatus: result.status, responseBody: result.body as object })
        .where(mine);
      return result;
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await deps.db
        .update(idempotencyKeys)
        .set({ status: 'completed', responseStatus: error.status, responseBody: { code: error.code, details: error.details ?? null } })
        .where(mine);
    } else {
      await deps.db.delete(idempotencyKeys).where(mine);
    }
    throw error;
  }
}

async function replay<T>(db: Db, userId: string, key: string, requestHash: string): Promise<IdempotentResult<T>> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Gone between our INSERT and this read: the first request failed unexpectedly and freed it; the client retries.
  if (!row) throw new AppError('REQUEST_IN_PROGRESS');
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
