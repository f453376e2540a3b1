import type { TCreatedOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { TTransactionRunner } from '../../db/pipelined-transaction.ts';
import { inRetriedTransactionOf } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import {
  claimIdempotencyKeys,
  completeIdempotencyKeys,
  runWithIdempotencyKey,
  type TBatchedIdempotentRequest,
  type TIdempotentRequest,
} from '../../http/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { purchaseFromBalance, purchaseOneFromBalance, type TBalancePurchaseResult } from './purchase-from-balance.ts';
import type { TPurchase } from './purchase-round.ts';
import { lockPurchaseStanding } from './purchase-standing.ts';
import { hasHeldUnits, refusalOf, type TSaleItem } from './sale-items.ts';
import { isAnsweredFromMemory, type SoldOutMemory } from './sold-out-memory.ts';

/** The most purchases one transaction takes; more wait for the next. */
const MAX_BATCH_SIZE = 64;

/**
 * After a rush sells out, most attempts are for nothing left, and each would otherwise claim a key and lock its
 * buyer's rows to learn it. A round found without an unclaimed pack is announced to every instance (hooks'
 * onItemExhausted, decision record 35), which then answer from memory until a held pack comes back. Where nobody would
 * say so (a pass; a round while the drop signals are down), this instance keeps what it found for this long, and only
 * for an item with no unit unclaimed and none held for a payment: such an item cannot get a unit back (a purchased one
 * is never returned), so the answer is true for as long as it is kept; one with units held for card or Tilia payments
 * keeps asking, since a hold that fails puts its units back on sale. Either answer did nothing, so it is not kept under
 * the Idempotency-Key; and a key that already has an answer is replayed instead (one primary-key read), because the
 * retry of a purchase that succeeded must get its order (purchases-survive-sigkill.test.ts).
 */
const SOLD_OUT_REMEMBERED_MS = 1_000;

/**
 * When a batch ends with purchases waiting, the next batch starts with the next purchase to arrive (in its turn of the
 * event loop), or after this long if none does, rather than at once. The buyers just answered send their next attempts
 * within a round trip; started at once, the waiting batch would leave them to the one after it, and a fixed number of
 * busy connections would split into two groups taking turns, each batch half of them. Measured with `drop-rush`
 * through two instances (bench README, 2026-11-29): batches of 25 became 37, and the sale about 8 % faster. Under load
 * from many clients the next purchase arrives at once, so this waits for nothing; with nothing waiting it never applies.
 */
const NEXT_BATCH_LINGER_MS = 3;

interface TQueuedPurchase {
  purchase: TPurchase;
  idempotent: TBatchedIdempotentRequest | null;
  resolve(order: TCreatedOrder): void;
  reject(error: unknown): void;
}

/** One batch's transaction as it ran, for whoever watches (tests of races between instances, profiling). */
export interface TPurchaseBatchRun {
  /** The item batched: a round's id, a pass's. */
  roundId: string;
  size: number;
  startedAt: number;
  endedAt: number;
}

export interface BalancePurchases {
  /** Purchases from the balance (with the request's Idempotency-Key, if any): resolves the order or rejects with the refusal. */
  purchase(purchase: TPurchase, idempotent: TIdempotentRequest | null): Promise<TCreatedOrder>;
}

/** What the batcher tells the drop's live updates (decision record 35); each may be absent. */
export interface TBatcherHooks {
  /** A batch sold some of the item: its counts moved. */
  onItemSold?(item: TSaleItem): void;
  /**
   * A batch found the item without an unclaimed unit: tell every instance (resolves true), or leave it to this
   * instance's own second (false).
   */
  onItemExhausted?(item: TSaleItem): Promise<boolean>;
}

type TBatcherDeps = {
  db: Db;
  /** The batches' transactions: Database.pipelined, whose statements may go out several at once. */
  transactions: TTransactionRunner;
  clock: Clock;
  /**
   * Transactions one item may have running at once in this process (PURCHASE_BATCHES_IN_FLIGHT). One would leave the
   * database idle between a batch's round trips while the next batch waits; claims skip packs another batch holds, and
   * buyers' rows are locked in the one lock order, so batches of one item side by side are what two instances already
   * run (purchase-races.test.ts).
   */
  batchesInFlight?: number;
  /** What this instance knows to be sold out (sold-out-memory.ts), shared with purchasePacks. */
  soldOut: SoldOutMemory;
  /** NEXT_BATCH_LINGER_MS, unless a test needs a longer one to see it. */
  nextBatchLingerMs?: number;
  hooks?: TBatcherHooks | undefined;
  onBatch?: ((run: TPurchaseBatchRun) => void) | undefined;
};

/**
 * Route: POST /v2/orders with paymentMethod BALANCE (purchasePacks hands purchases here) · Writes: idempotency_keys,
 * and through purchaseFromBalance everything a purchase writes · Tests: orders.test.ts, purchase-races.test.ts,
 * purchases-survive-sigkill.test.ts.
 *
 * Group commit for balance purchases (decision record 16), per item (a round, a pass). Purchases of the same item
 * that arrive while its transactions are running (`batchesInFlight` of them) wait, then go together in the next one: under no
 * load each purchase has a transaction of its own at once; in a drop rush dozens share one, and the database round trips per
 * purchase fall from eight to a fraction of one. Each purchase is still decided on its own, in arrival order, and its
 * Idempotency-Key's answer commits with its effects. Per process; instances batch independently, and their batches
 * meet only in PostgreSQL (purchase-races.test.ts runs two).
 */
export function balancePurchaseBatcher(deps: TBatcherDeps): BalancePurchases {
  const waiting = new Map<string, TQueuedPurchase[]>();
  /** Each item's batches running now. */
  const running = new Map<string, number>();
  const batchesInFlight = deps.batchesInFlight ?? 1;
  const lingerMs = deps.nextBatchLingerMs ?? NEXT_BATCH_LINGER_MS;

  /** Starts batches of the item's queue while it has room for them. */
  function drain(itemId: string): void {
    const queue = waiting.get(itemId) ?? [];
    while (queue.length > 0 && (running.get(itemId) ?? 0) < batchesInFlight) {
      // Found sold out while these waited (the announcement of another instance, or this one's last batch).
      if (deps.soldOut.isSoldOut(itemId)) {
        for (const queued of queue.splice(0)) void answerSoldOut(deps, queued);
        return;
      }
      startBatch(itemId, queue.splice(0, MAX_BATCH_SIZE));
    }
  }

  function startBatch(itemId: string, batch: TQueuedPurchase[]): void {
    const [first] = batch as [TQueuedPurchase];
    running.set(itemId, (running.get(itemId) ?? 0) + 1);
    const startedAt = performance.now();
    void runBatch(deps, batch)
      .then(async ({ isItemExhausted, isAnySold }) => {
        deps.onBatch?.({ roundId: itemId, size: batch.length, startedAt, endedAt: performance.now() });
        const { item } = first.purchase;
        if (isAnySold) deps.hooks?.onItemSold?.(item);
        if (!isItemExhausted || (await deps.hooks?.onItemExhausted?.(item))) return;
        if (!(await hasHeldUnits(deps.db, item))) deps.soldOut.rememberFor(itemId, SOLD_OUT_REMEMBERED_MS);
      })
      .catch(() => undefined)
      .finally(() => {
        const left = (running.get(itemId) ?? 1) - 1;
        if (left > 0) running.set(itemId, left);
        else running.delete(itemId);
        // The next arrival drains at once (purchase below); this only bounds the wait when none comes.
        if (waiting.get(itemId)?.length) setTimeout(() => drain(itemId), lingerMs);
      });
  }

  return {
    purchase(purchase, idempotent) {
      const itemId = purchase.item.id;
      return new Promise<TCreatedOrder>((resolve, reject) => {
        const queued = {
          purchase,
          idempotent: idempotent && { ...idempotent, userId: purchase.userId },
          resolve,
          reject,
        };
        if (deps.soldOut.isSoldOut(itemId)) {
          void answerSoldOut(deps, queued);
          return;
        }
        const queue = waiting.get(itemId) ?? [];
        waiting.set(itemId, queue);
        queue.push(queued);
        // After the current turn of the event loop, so purchases arriving together start together.
        setImmediate(() => drain(itemId));
      });
    },
  };
}

/** SOLD_OUT from memory, or the single-request path for a key that already has an answer (sold-out-memory.ts). */
async function answerSoldOut(deps: TBatcherDeps, queued: TQueuedPurchase): Promise<void> {
  const { purchase, idempotent } = queued;
  try {
    if (
      await isAnsweredFromMemory(
        deps.soldOut,
        deps.db,
        { itemId: purchase.item.id, userId: purchase.userId },
        idempotent,
      )
    ) {
      queued.reject(new AppError(refusalOf(purchase.item.kind, 'SOLD_OUT')));
      return;
    }
  } catch (error) {
    queued.reject(error);
    return;
  }
  await alone(deps, queued);
}

/** Runs one batch; answers whether the item ran out of unclaimed units in it, and whether any was sold. */
async function runBatch(
  deps: TBatcherDeps,
  batch: TQueuedPurchase[],
): Promise<{ isItemExhausted: boolean; isAnySold: boolean }> {
  const claimedAt = deps.clock.now();
  let ran: { together: TQueuedPurchase[]; decided: TBalancePurchaseResult | null; leftOut: TQueuedPurchase[] };
  try {
    // The keys are claimed inside the batch's transaction, so a batch is one commit: a claim that rolls back (the
    // batch retried, or failing) was never seen, and no claim of a batch is ever left stale. A key another transaction
    // is claiming right now makes this one wait for it, then find it taken (a replay) or free.
    // Retried as a whole on a deadlock or serialization failure, claims included.
    // Pipelined (decision record 44): BEGIN, the keys' claim and the buyers' locks go out together (in the lock
    // order: keys, then allowances and accounts), then the claim of units, then the writes with the keys' answers.
    // The locks cover every buyer of the batch, a replay's too, which is harmless: a purchase left out runs alone
    // once this transaction has ended.
    ran = await inRetriedTransactionOf(deps.transactions, async (tx) => {
      const keyed = batch.flatMap((queued) => (queued.idempotent ? [queued.idempotent] : []));
      const [claimed, standing] = await Promise.all([
        claimIdempotencyKeys(tx, keyed, claimedAt),
        lockPurchaseStanding(
          tx,
          batch.map((queued) => queued.purchase),
          { money: true },
        ),
      ]);
      // A key already known (a replay, a retry of a request in progress, a stale claim) goes the way of one request.
      const together = batch.filter((queued) => !queued.idempotent || claimed.has(queued.idempotent));
      const leftOut = batch.filter((queued) => !together.includes(queued));
      if (together.length === 0) return { together, decided: null, leftOut };
      const decided = await purchaseFromBalance(
        tx,
        together.map((queued) => queued.purchase),
        standing,
      );
      await Promise.all([decided.written, completeIdempotencyKeys(tx, keyedAnswers(together, decided), claimedAt)]);
      return { together, decided, leftOut };
    });
  } catch {
    // Something unexpected (a bug, the database going away): the claims rolled back with the rest, so each purchase
    // runs on its own, and one purchase's failure is never another's.
    for (const queued of batch) void alone(deps, queued);
    return { isItemExhausted: false, isAnySold: false };
  }
  for (const queued of ran.leftOut) void alone(deps, queued);
  const { together, decided } = ran;
  if (!decided) return { isItemExhausted: false, isAnySold: false };
  decided.outcomes.forEach((outcome, index) => {
    const queued = together[index]!;
    if (outcome.ok) queued.resolve(outcome.order);
    else queued.reject(new AppError(outcome.code));
  });
  return { isItemExhausted: decided.isItemExhausted, isAnySold: decided.outcomes.some((outcome) => outcome.ok) };
}

type TKeyedAnswer = { request: TBatchedIdempotentRequest; status: number; body: object };

/** The answers kept under the batch's claimed keys: each order, or each expected refusal's code. */
function keyedAnswers(together: readonly TQueuedPurchase[], decided: TBalancePurchaseResult): TKeyedAnswer[] {
  return decided.outcomes.flatMap((outcome, index): TKeyedAnswer[] => {
    const { idempotent } = together[index]!;
    if (!idempotent) return [];
    if (outcome.ok) return [{ request: idempotent, status: 201, body: outcome.order }];
    const refusal = new AppError(outcome.code);
    return [{ request: idempotent, status: refusal.status, body: { code: outcome.code, details: null } }];
  });
}

/** One purchase by itself, through the single-request idempotency path (replays, requests in progress, stale claims). */
async function alone(deps: TBatcherDeps, queued: TQueuedPurchase): Promise<void> {
  try {
    const result = await runWithIdempotencyKey<TCreatedOrder>(
      { db: deps.db, now: deps.clock.now() },
      queued.purchase.userId,
      queued.idempotent,
      async (tx) => ({ status: 201, body: await purchaseOneFromBalance(tx, queued.purchase) }),
    );
    queued.resolve(result.body);
  } catch (error) {
    queued.reject(error);
  }
}
