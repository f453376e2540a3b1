import type { TCreatedOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import {
  claimIdempotencyKeys,
  completeIdempotencyKeys,
  isIdempotencyKeyKnown,
  releaseIdempotencyKeys,
  runWithIdempotencyKey,
  type TBatchedIdempotentRequest,
  type TIdempotentRequest,
} from '../../http/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { buyWithBalance, type TSale } from './buy-with-balance.ts';
import { sellPacksFromBalance } from './sell-packs.ts';

/** The most purchases one transaction takes; more wait for the next. */
const MAX_BATCH_SIZE = 64;

/**
 * How long a round found sold out is answered SOLD_OUT without asking the database. After a rush sells out, most
 * attempts are for nothing left, and each would otherwise claim a key and lock its buyer's rows to learn it. Packs
 * can come back (a card order's hold ends, a transaction holding some rolls back): they are on sale again within
 * this time. Such an answer did nothing, so it is not kept under the Idempotency-Key; and a key that already has an
 * answer is replayed instead (one primary-key read), because the retry of a purchase that succeeded, whose answer was
 * lost with its connection or its process, must get its order, not SOLD_OUT (purchases-survive-sigkill.test.ts).
 */
const SOLD_OUT_REMEMBERED_MS = 1_000;

interface TQueuedSale {
  sale: TSale;
  idempotent: TBatchedIdempotentRequest | null;
  resolve(order: TCreatedOrder): void;
  reject(error: unknown): void;
}

export interface PurchaseBatcher {
  /** Buys from the balance (with the request's Idempotency-Key, if any): resolves the order or rejects with the refusal. */
  buy(sale: TSale, idempotent: TIdempotentRequest | null): Promise<TCreatedOrder>;
}

/**
 * Group commit for balance purchases (decision record 0016). Purchases of the same round that arrive while that
 * round's previous transaction is still running wait for it, then go together in the next one: under no load each
 * purchase has a transaction of its own at once; in a drop rush dozens share one, and the database round trips per
 * purchase fall from eight to a fraction of one. Each purchase is still decided on its own, in arrival order, and its
 * Idempotency-Key's answer commits with its effects. Per process; instances batch independently.
 */
export function purchaseBatcher(deps: { db: Db; clock: Clock }): PurchaseBatcher {
  const waiting = new Map<string, TQueuedSale[]>();
  const running = new Set<string>();
  const soldOutUntil = new Map<string, number>();

  function drain(roundId: string): void {
    if (running.has(roundId)) return;
    const queue = waiting.get(roundId) ?? [];
    if (queue.length === 0) return;
    const batch = queue.splice(0, MAX_BATCH_SIZE);
    running.add(roundId);
    void runBatch(deps, batch)
      .then((isSoldOut) => {
        if (isSoldOut) soldOutUntil.set(roundId, deps.clock.now().getTime() + SOLD_OUT_REMEMBERED_MS);
      })
      .finally(() => {
        running.delete(roundId);
        drain(roundId);
      });
  }

  return {
    async buy(sale, idempotent) {
      if ((soldOutUntil.get(sale.round.id) ?? 0) > deps.clock.now().getTime()) {
        if (!idempotent || !(await isIdempotencyKeyKnown(deps.db, sale.userId, idempotent.key))) throw new AppError('SOLD_OUT');
        return new Promise<TCreatedOrder>((resolve, reject) => {
          void alone(deps, { sale, idempotent: { ...idempotent, userId: sale.userId }, resolve, reject });
        });
      }
      return new Promise<TCreatedOrder>((resolve, reject) => {
        const queue = waiting.get(sale.round.id) ?? [];
        waiting.set(sale.round.id, queue);
        queue.push({ sale, idempotent: idempotent && { ...idempotent, userId: sale.userId }, resolve, reject });
        // After the current turn of the event loop, so purchases arriving together start together.
        setImmediate(() => drain(sale.round.id));
      });
    },
  };
}

/** Runs one batch; answers whether it found the round sold out (a purchase of one pack found none left). */
async function runBatch(deps: { db: Db; clock: Clock }, batch: TQueuedSale[]): Promise<boolean> {
  const claimedAt = deps.clock.now();
  const keyed = batch.flatMap((queued) => (queued.idempotent ? [queued.idempotent] : []));
  let claimed: Set<TBatchedIdempotentRequest>;
  try {
    claimed = await claimIdempotencyKeys(deps.db, keyed, claimedAt);
  } catch (error) {
    for (const queued of batch) queued.reject(error);
    return false;
  }
  // A key already known (a replay, a retry of a request in progress, a stale claim) goes the way of one request.
  const together = batch.filter((queued) => !queued.idempotent || claimed.has(queued.idempotent));
  for (const queued of batch.filter((queued) => !together.includes(queued))) void alone(deps, queued);
  if (together.length === 0) return false;

  let outcomes;
  try {
    outcomes = await inTransaction(deps.db, async (tx) => {
      const decided = await sellPacksFromBalance(
        tx,
        together.map((queued) => queued.sale),
      );
      await completeIdempotencyKeys(
        tx,
        decided.flatMap((outcome, index): { request: TBatchedIdempotentRequest; status: number; body: object }[] => {
          const { idempotent } = together[index]!;
          if (!idempotent) return [];
          return outcome.ok
            ? [{ request: idempotent, status: 201, body: outcome.order }]
            : [{ request: idempotent, status: new AppError(outcome.code).status, body: { code: outcome.code, details: null } }];
        }),
        claimedAt,
      );
      return decided;
    });
  } catch {
    // Something unexpected (a bug, the database going away): free the keys and let each purchase run on its own, so
    // one purchase's failure is never another's.
    await releaseIdempotencyKeys(deps.db, together.flatMap((queued) => (queued.idempotent ? [queued.idempotent] : [])), claimedAt).catch(
      () => undefined,
    );
    for (const queued of together) void alone(deps, queued);
    return false;
  }
  outcomes.forEach((outcome, index) => {
    const queued = together[index]!;
    if (outcome.ok) queued.resolve(outcome.order);
    else queued.reject(new AppError(outcome.code));
  });
  return outcomes.some((outcome, index) => !outcome.ok && outcome.code === 'SOLD_OUT' && together[index]!.sale.quantity === 1);
}

/** One purchase by itself, through the single-request idempotency path (replays, requests in progress, stale claims). */
async function alone(deps: { db: Db; clock: Clock }, queued: TQueuedSale): Promise<void> {
  try {
    const result = await runWithIdempotencyKey<TCreatedOrder>(
      { db: deps.db, now: deps.clock.now() },
      queued.sale.userId,
      queued.idempotent,
      async (tx) => ({ status: 201, body: await buyWithBalance(tx, queued.sale) }),
    );
    queued.resolve(result.body);
  } catch (error) {
    queued.reject(error);
  }
}
