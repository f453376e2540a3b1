import { sql, type SQL } from 'drizzle-orm';
import {
  orderQuantityText,
  raffleWinnerLimit,
  ticketCountText,
  webPath,
  type TErrorCode,
  type TNotificationKind,
  type TOrderItemKind,
} from '@cypher/contract';
import type { TClaimedUnit } from '../../db/claim-unclaimed-units.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { isBrandPublished, publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { getSaleDrop, type TSaleDrop, type TSaleRound } from '../drops/get-sale-drop.ts';
import { isGuaranteeHolding, type TRoundPassGuarantee } from '../drops/pass-guarantee.ts';
import {
  assignPacksCtes,
  claimPacks,
  handOverHeldPacks,
  hasHeldPacks,
  hasUnclaimedPacks,
  releasePacksOf,
} from '../drops/packs/pack-claims.ts';
import { getSalePass } from '../passes/get-sale-pass.ts';
import {
  assignPassUnitsCte,
  claimPassUnits,
  handOverHeldPassUnits,
  hasHeldPassUnits,
  holdsValidPass,
  releasePassUnitsOf,
} from '../passes/pass-units.ts';
import type { TRafflePlace } from '../raffles/raffle-places.ts';
import { grantTickets } from '../tickets/grant-tickets.ts';
import { ticketKindForSale } from '../tickets/ticket-kind-for-sale.ts';
import { ticketKindSummariesByIds } from '../tickets/ticket-kind-summaries.ts';
import type { TUnitCounts, TUnitPools } from './purchase-decisions.ts';
import { purchasableRound, type TPurchase } from './purchase-round.ts';

/*
 * Route: POST /v1/orders and /v2/orders, GET /v1/orders/fee, and every step of an order after it (payment, release) ·
 * Writes: nothing of its own; through each kind's owner module packs and pack_claim_log (drops), pass_units (passes),
 * ticket_movements and ticket_holdings (tickets) · Reads: the published drop, passes, ticket_kinds (through their
 * owners) · Tests: orders.test.ts, card-orders.test.ts, passes/passes.test.ts, passes/pass-races.test.ts,
 * tickets/ticket-purchases.test.ts.
 *
 * What an order buys (issue 18), and the one place where the order flow asks what kind it is: how its units are
 * claimed, delivered, held, handed over and given back, and what it is called. Everything else (the exactly-once
 * rules, the group commit, the per-person limit, the money, the holds, the receipts and the notices) is one code path
 * for every kind.
 */

interface TSaleItemBase {
  /** The round, the pass or the ticket kind: what purchases are batched and limited by. */
  id: string;
  /** What receipts and notices call it: the drop's name, the pass's, the ticket kind's. */
  name: string;
  /** USD cents a unit. */
  unitPrice: number;
  perPersonLimit: number | null;
}

export type TSaleItem =
  | (TSaleItemBase & {
      kind: 'PACK';
      drop: TSaleDrop;
      round: TSaleRound;
      /** In a raffle round, the buyer's place as the purchase gate found it; null in any other round. */
      rafflePlace: TRafflePlace | null;
    })
  | (TSaleItemBase & { kind: 'PASS' })
  | (TSaleItemBase & { kind: 'TICKET' });

/** Packs of a round of a published drop, as an item on sale. */
export function packSaleItem(drop: TSaleDrop, round: TSaleRound): TSaleItem {
  return {
    kind: 'PACK',
    id: round.id,
    name: drop.name,
    unitPrice: round.price,
    perPersonLimit: round.perPersonLimit,
    drop,
    round,
    rafflePlace: null,
  };
}

/**
 * A raffle round's packs, for a winner the purchase gate let through: what the place allows (raffleWinnerLimit) is the
 * per-person limit, so purchases count it in purchase_allowances as any limit is (which is also what tells the second
 * draw who bought), and the place is decided again inside the purchase's transaction (purchase-standing.ts).
 */
export function raffleSaleItem(item: TSaleItem, place: TRafflePlace): TSaleItem {
  if (item.kind !== 'PACK') return item;
  return { ...item, perPersonLimit: raffleWinnerLimit(item.perPersonLimit), rafflePlace: place };
}

/**
 * The item a purchase or a quote asks for, on sale now, or its refusal: DROP_NOT_FOUND, DROP_NOT_AVAILABLE and
 * ROUND_NOT_ACTIVE for packs (purchasableRound), PASS_NOT_FOUND and PASS_NOT_ON_SALE for a pass,
 * TICKET_KIND_NOT_FOUND and TICKET_ORDER_TOO_LARGE for tickets.
 */
export async function saleItemOf(
  db: Db,
  request: { dropId?: string; passId?: string; ticketKindId?: string; quantity: number },
  now: Date,
): Promise<TSaleItem> {
  if (request.dropId) {
    const drop = await getSaleDrop(db, request.dropId);
    // A drop under an unpublished brand is hidden (GET /v1/drops/{id}), so not sold by its id either.
    if (drop && !(await isBrandPublished(db, drop.brandId))) throw new AppError('DROP_NOT_FOUND');
    return packSaleItem(drop!, purchasableRound(drop, now));
  }
  if (request.ticketKindId) {
    const kind = await ticketKindForSale(db, request.ticketKindId);
    if (!kind.price) throw new Error(`ticket kind ${kind.id} on sale without a price`);
    if (request.quantity > kind.maxPerOrder) {
      throw new AppError('TICKET_ORDER_TOO_LARGE', {
        details: [{ field: 'quantity', message: `At most ${kind.maxPerOrder} in one order.` }],
      });
    }
    // Tickets are not scarce and have no per-person limit: only the per-order one, checked here.
    return { kind: 'TICKET', id: kind.id, name: kind.name, unitPrice: kind.price.amount, perPersonLimit: null };
  }
  const pass = request.passId ? await getSalePass(db, request.passId) : null;
  // A draft pass, or a draft brand's, is the console's alone: not shown (GET /v1/passes/{id}), so not sold by its id
  // either (a draft has no units to claim, but "not found" is what collectors were told it is).
  if (!pass?.isPublished || !(await publishedBrandIds(db, [pass.brandId])).has(pass.brandId)) {
    throw new AppError('PASS_NOT_FOUND');
  }
  if (now < pass.saleBeginAt || now >= pass.saleEndAt) throw new AppError('PASS_NOT_ON_SALE');
  return { kind: 'PASS', id: pass.id, name: pass.name, unitPrice: pass.price, perPersonLimit: pass.perPersonLimit };
}

/** The refusals of the order flow in each kind's words: a pass is sold out as a pass, not as a round's packs. */
export function refusalOf(kind: TOrderItemKind, code: TErrorCode): TErrorCode {
  if (kind !== 'PASS') return code;
  if (code === 'SOLD_OUT') return 'PASS_SOLD_OUT';
  if (code === 'NOT_ENOUGH_PACKS_LEFT') return 'NOT_ENOUGH_PASSES_LEFT';
  if (code === 'PURCHASE_LIMIT_REACHED') return 'PASS_LIMIT_REACHED';
  if (code === 'PURCHASE_LIMIT_EXCEEDED') return 'PASS_LIMIT_EXCEEDED';
  return code;
}

/** Which notifications an order's stages write. */
export function notificationKindOf(kind: TOrderItemKind): TNotificationKind {
  return kind === 'PACK' ? 'PURCHASE' : kind;
}

/** "2 packs of Neon Tides", "Season Pass", "3 Drop tickets": what the order buys, for notices and pages. */
export function orderLineText(line: { kind: TOrderItemKind; name: string; quantity: number }): string {
  if (line.kind === 'PACK') return `${orderQuantityText('PACK', line.quantity)} of ${line.name}`;
  if (line.kind === 'TICKET') return ticketCountText(line.quantity, line.name);
  return line.quantity === 1 ? line.name : `${line.quantity.toLocaleString('en-US')} × ${line.name}`;
}

/** Where the web app shows the item: the drop's page, the pass's page. */
export function itemPathOf(order: { itemKind: TOrderItemKind; itemId: string; dropId: string | null }): string {
  if (order.itemKind === 'PACK') return webPath('/drops/:id', { id: order.dropId! });
  if (order.itemKind === 'PASS') return webPath('/pass/:id', { id: order.itemId });
  return webPath('/tickets');
}

/** A round's guarantee while it holds at `now` (decision record 29); null for anything else. */
function holdingGuaranteeOf(item: TSaleItem, now: Date): TRoundPassGuarantee | null {
  return item.kind === 'PACK' && isGuaranteeHolding(item.round.passGuarantee, now) ? item.round.passGuarantee : null;
}

/** Where a round's held-back packs end: they are its first `packCount` numbers. */
function heldBackSplit(round: TSaleRound, guarantee: TRoundPassGuarantee): number {
  return round.beginIssuedPackNumber + guarantee.packCount;
}

/**
 * How many of a buyer's units of the item (counting what they bought before) come from a guarantee's held-back packs:
 * the share of a holder of a valid pass while the guarantee holds, else 0. Reads pass_units for a guarantee round.
 */
export async function guaranteedPacksFor(db: Db, item: TSaleItem, userId: string, now: Date): Promise<number> {
  const guarantee = holdingGuaranteeOf(item, now);
  if (!guarantee) return 0;
  return (await holdsValidPass(db, userId, guarantee.passId, now)) ? guarantee.packsPerHolder : 0;
}

/**
 * Whether purchases of the item count what each buyer bought or holds (purchase_allowances): for a per-person limit,
 * while a guarantee holds (a holder's share is counted against it), and for a pass always. The console may set a
 * pass's limit while it sells (update-pass.ts), and the limit then counts what each person bought before it: so
 * every purchase of a pass is counted, limit or not (migration 0055 counted the ones from before). A purchase that
 * read the pass before the limit was set is decided by the pass as it read it, and still counted. A round's limit is
 * fixed once its drop is published, so packs without one are not counted (the drop rush's path).
 */
export function countsAllowances(item: TSaleItem, now: Date): boolean {
  return item.kind === 'PASS' || item.perPersonLimit !== null || holdingGuaranteeOf(item, now) !== null;
}

/**
 * Locks the item's unclaimed units for this transaction, as many of each pool as asked (fewer only when fewer are
 * left): a round's held-back packs below its split while its guarantee holds, then the rest (always in that order, so
 * two claims never wait on each other in a cycle). Tickets are not scarce: there is nothing to claim, so they are as
 * many as asked for, numbered for the decision alone.
 */
export async function claimUnits(tx: Db, item: TSaleItem, counts: TUnitCounts, now: Date): Promise<TUnitPools> {
  const total = counts.open + counts.heldBack;
  if (item.kind === 'PACK') {
    const guarantee = holdingGuaranteeOf(item, now);
    if (!guarantee) return { open: await claimPacks(tx, item.round.id, total), heldBack: [] };
    const split = heldBackSplit(item.round, guarantee);
    const heldBack = await claimPacks(tx, item.round.id, counts.heldBack, { below: split });
    return { heldBack, open: await claimPacks(tx, item.round.id, counts.open, { from: split }) };
  }
  if (item.kind === 'PASS') return { open: await claimPassUnits(tx, item.id, total), heldBack: [] };
  return { open: Array.from({ length: total }, (_, index) => ({ id: item.id, number: index + 1 })), heldBack: [] };
}

/**
 * The refusal for a purchase the units ran out for: SOLD_OUT, or, while a guarantee holds and held-back packs are
 * still unclaimed, PACKS_HELD_FOR_HOLDERS (what is left is not for this buyer yet, and may be later), in the item's
 * words (refusalOf). Reads packs.
 */
export async function outOfUnitsRefusal(db: Db, item: TSaleItem, now: Date): Promise<TErrorCode> {
  const guarantee = holdingGuaranteeOf(item, now);
  if (item.kind === 'PACK' && guarantee) {
    const split = heldBackSplit(item.round, guarantee);
    if (await hasUnclaimedPacks(db, item.round.id, { below: split })) return 'PACKS_HELD_FOR_HOLDERS';
  }
  return refusalOf(item.kind, 'SOLD_OUT');
}

/**
 * The out-of-units refusal as one buyer hears it: a pass holder (who has a share of the held-back packs) is told their
 * share is bought or smaller than the order, not that the packs are held for holders.
 */
export function outOfUnitsRefusalFor(code: TErrorCode, purchase: Pick<TPurchase, 'guaranteedPacks'>): TErrorCode {
  return code === 'PACKS_HELD_FOR_HOLDERS' && purchase.guaranteedPacks > 0 ? 'HOLDER_SHARE_EXCEEDED' : code;
}

/** One claimed unit going to an order. */
export interface TUnitAssignment {
  unit: TClaimedUnit;
  orderId: string;
  userId: string;
  buyerHash: string;
  at: Date;
}

/**
 * Fragment, CTEs for the order statement's WITH list (after a comma, or nothing): the claimed units given to their
 * orders, handed over at once (`handOver`, a paid balance purchase) or held for a card or Tilia payment. Each kind's
 * owner module writes its own. Tickets have no units to assign: they are granted once paid (deliverAfterwards).
 */
export function deliverUnitsCtes(item: TSaleItem, assignments: readonly TUnitAssignment[], handOver: boolean): SQL {
  if (item.kind === 'PACK') {
    return sql`, ${assignPacksCtes(
      item.drop.id,
      assignments.map(({ unit, ...rest }) => ({ pack: unit, ...rest })),
      handOver ? { editionsPerPack: item.drop.editionsPerPack } : null,
    )}`;
  }
  if (item.kind === 'PASS') return sql`, ${assignPassUnitsCte(assignments, handOver)}`;
  return sql``;
}

/**
 * What a paid purchase delivers after its order statement, in the same transaction: a ticket order's tickets, through
 * the tickets module's set-wise grant (a movement per order, keyed by the order, so a replay grants nothing).
 */
export async function deliverAfterwards(
  tx: Db,
  item: TSaleItem,
  paid: readonly { orderId: string; userId: string; quantity: number; at: Date }[],
): Promise<void> {
  if (item.kind !== 'TICKET') return;
  await grantTickets(
    tx,
    paid.map((order) => ({
      userId: order.userId,
      ticketKindId: item.id,
      count: order.quantity,
      reason: 'PURCHASE' as const,
      referenceId: order.orderId,
      now: order.at,
    })),
  );
}

/** Whether a sold-out item may still get units back: some are held for payments that may fail. */
export async function hasHeldUnits(db: Db, item: TSaleItem): Promise<boolean> {
  if (item.kind === 'PACK') return hasHeldPacks(db, item.round.id);
  if (item.kind === 'PASS') return hasHeldPassUnits(db, item.id);
  return false;
}

/** An order's item, read back for the steps after the purchase (payment, release): its name, and for packs the drop. */
export async function orderedItemOf(
  db: Db,
  order: { itemKind: TOrderItemKind; itemId: string; dropId: string | null },
): Promise<{ name: string; drop: TSaleDrop | null }> {
  if (order.itemKind === 'PACK') {
    const drop = await getSaleDrop(db, order.dropId!);
    return { name: drop?.name ?? 'this drop', drop };
  }
  if (order.itemKind === 'PASS')
    return { name: (await getSalePass(db, order.itemId))?.name ?? 'this pass', drop: null };
  const kinds = await ticketKindSummariesByIds(db, [order.itemId]);
  return { name: kinds.get(order.itemId)?.name ?? 'these tickets', drop: null };
}

/** A held order was paid: its units become the buyer's, with whatever each kind's hand-over writes. */
export async function handOverHeldUnits(
  tx: Db,
  order: { id: string; userId: string; itemKind: TOrderItemKind; itemId: string; quantity: number },
  drop: TSaleDrop | null,
  at: Date,
): Promise<void> {
  if (order.itemKind === 'PACK') {
    await handOverHeldPacks(tx, { ...order, editionsPerPack: drop?.editionsPerPack ?? 0 }, at);
  } else if (order.itemKind === 'PASS') {
    await handOverHeldPassUnits(tx, order);
  } else {
    await grantTickets(tx, [
      {
        userId: order.userId,
        ticketKindId: order.itemId,
        count: order.quantity,
        reason: 'PURCHASE',
        referenceId: order.id,
        now: at,
      },
    ]);
  }
}

/** A held order failed or timed out: its units go back on sale (packs logged as released in the claim log). */
export async function releaseHeldUnits(
  tx: Db,
  order: { id: string; itemKind: TOrderItemKind; itemId: string; dropId: string | null; quantity: number },
  buyerHash: string,
  at: Date,
): Promise<void> {
  if (order.itemKind === 'PACK') {
    const released = {
      id: order.id,
      dropId: order.dropId!,
      roundId: order.itemId,
      quantity: order.quantity,
      buyerHash,
    };
    await releasePacksOf(tx, released, at);
  } else if (order.itemKind === 'PASS') {
    await releasePassUnitsOf(tx, order.id);
  }
  // Tickets held nothing: an unpaid ticket order simply delivers none.
}

/** The order row's item columns for an insert: the pack's drop and round, or nulls. */
export function itemColumnsSql(item: TSaleItem): SQL {
  return item.kind === 'PACK'
    ? sql`${item.kind}, ${item.id}::uuid, ${item.drop.id}::uuid, ${item.round.round}::int`
    : sql`${item.kind}, ${item.id}::uuid, null::uuid, null::int`;
}
