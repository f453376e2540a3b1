import { z } from 'zod';
import { ZBrandSummary, ZQueryBoolean, ZRarity } from './catalog.ts';
import { rarityRank, type TRarity } from './catalog-vocabulary.ts';
import { ZHeldPayment } from './deposits.ts';
import { ZMoney, ZQueryNumber, ZUuid } from './envelope.ts';
import { ZReceipt } from './wallet.ts';

/** Orders, packs and what they hold (spec sections 2, 3, 4, 7 and 9). */

/** What a buyer pays a purchase with (`POST /v2/orders`). */
export const purchasePaymentMethods = ['BALANCE', 'CARD', 'TILIA'] as const;
export type TPurchasePaymentMethod = (typeof purchasePaymentMethods)[number];
export const ZPurchasePaymentMethod = z.enum(purchasePaymentMethods);

/**
 * How an order was paid: one of the purchase's methods, or GIFT (decision record 36): a pack given by a redeem code, an
 * attendance reward or an airdrop, through an order of its own that is SUCCESSFUL at once and costs nothing (total 0,
 * no ledger movement). Nobody can ask for GIFT in a purchase.
 */
export const orderPaymentMethods = [...purchasePaymentMethods, 'GIFT'] as const;
export type TOrderPaymentMethod = (typeof orderPaymentMethods)[number];
export const ZOrderPaymentMethod = z.enum(orderPaymentMethods);

/** Spec section 4: pending, successful, failed, timed out. */
export const orderStatuses = ['PENDING', 'SUCCESSFUL', 'FAILED', 'TIMED_OUT'] as const;
export type TOrderStatus = (typeof orderStatuses)[number];
export const ZOrderStatus = z.enum(orderStatuses);

/** An order ends in one of these; only PENDING moves on. */
export const orderTransitions: Record<TOrderStatus, readonly TOrderStatus[]> = {
  PENDING: ['SUCCESSFUL', 'FAILED', 'TIMED_OUT'],
  SUCCESSFUL: [],
  FAILED: [],
  TIMED_OUT: [],
};

/**
 * A held order's `failureReason` when its payment arrived after the hold had expired: the order stays TIMED_OUT, its
 * packs went back on sale, and the money was added to the buyer's balance instead.
 */
export const PAID_AFTER_HOLD_EXPIRED = 'paid_after_hold_expired';

/**
 * A card or Tilia order's `failureReason`, FAILED, when its buyer cancelled it before paying (POST
 * /v1/orders/{id}/cancel): its units went back on sale at once instead of at the end of the hold, and its checkout
 * closed. Not the provider's own `canceled` (Tilia's invoice cancelled at Tilia), which is a payment that failed.
 */
export const ORDER_CANCELLED_BY_BUYER = 'cancelled_by_buyer';

/**
 * A cancelled order's `failureReason` once a payment its buyer had started still arrived (the provider completed it
 * after the cancel closed the checkout): the order stays cancelled, and the money was added to the buyer's balance.
 * Its own reason, not PAID_AFTER_HOLD_EXPIRED, so the order still says who ended it: asked again, the cancel answers
 * the cancelled order rather than ORDER_NOT_PENDING (decision record 59).
 */
export const PAID_AFTER_CANCEL = 'paid_after_cancel';

/** Whether an order its buyer cancelled (FAILED), whether or not a payment came after. */
export function isCancelledByBuyer(order: { status: TOrderStatus; failureReason: string | null }): boolean {
  return (
    order.status === 'FAILED' &&
    (order.failureReason === ORDER_CANCELLED_BY_BUYER || order.failureReason === PAID_AFTER_CANCEL)
  );
}

/** Whether an ended order's payment arrived after all and went to the buyer's balance instead of buying anything. */
export function isPaidToBalance(order: { failureReason: string | null }): boolean {
  return order.failureReason === PAID_AFTER_HOLD_EXPIRED || order.failureReason === PAID_AFTER_CANCEL;
}

export function isFinalOrderStatus(status: TOrderStatus): boolean {
  return orderTransitions[status].length === 0;
}

/** "1 pack", "1,250 packs": how a purchase names its packs, on receipts, notices and pages alike. */
export function packCountText(count: number): string {
  return count === 1 ? '1 pack' : `${count.toLocaleString('en-US')} packs`;
}

/**
 * What an order buys (issue 18): packs of a drop's round, a pass, or tickets of a kind. One order flow for all three:
 * the same exactly-once rules, group commit, holds, receipts and notifications.
 */
export const orderItemKinds = ['PACK', 'PASS', 'TICKET'] as const;
export type TOrderItemKind = (typeof orderItemKinds)[number];

/** "2 packs", "1 pass", "3 tickets": an order's quantity in its item's words. */
export function orderQuantityText(kind: TOrderItemKind, count: number): string {
  if (kind === 'PACK') return packCountText(count);
  const [one, many] = kind === 'PASS' ? ['pass', 'passes'] : ['ticket', 'tickets'];
  return count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${many}`;
}

/** Packs in one order, at most. */
export const MAX_ORDER_QUANTITY = 10;

const quantityMessage = `Choose a quantity from 1 to ${MAX_ORDER_QUANTITY}.`;

/** Exactly one of dropId, passId and ticketKindId: what the order buys. */
export const ZOrderFeeQuery = z
  .object({
    dropId: ZUuid.optional(),
    passId: ZUuid.optional(),
    ticketKindId: ZUuid.optional(),
    quantity: ZQueryNumber(
      z.coerce
        .number({ error: quantityMessage })
        .int(quantityMessage)
        .min(1, quantityMessage)
        .max(MAX_ORDER_QUANTITY, quantityMessage),
    ).default(1),
  })
  .refine((query) => [query.dropId, query.passId, query.ticketKindId].filter(Boolean).length === 1, {
    message: 'Name one drop, pass or ticket kind.',
  });
export type TOrderFeeQuery = z.infer<typeof ZOrderFeeQuery>;

/** `GET /v1/orders/fee`: what the purchase popup shows before paying. */
export const ZOrderFee = z.object({
  itemKind: z.enum(orderItemKinds),
  itemId: ZUuid,
  /** Packs: the drop and the round on sale now; null for passes and tickets. */
  dropId: ZUuid.nullable(),
  round: z.number().int().nullable(),
  quantity: z.number().int(),
  unitPrice: ZMoney,
  unitPriceCyp: ZMoney,
  subtotal: ZMoney,
  serviceFee: ZMoney,
  total: ZMoney,
});
export type TOrderFee = z.infer<typeof ZOrderFee>;

/**
 * The service fee of an order: `feeBasisPoints` of the subtotal (1 bp = 0.01 %), rounded half up to a whole cent, at
 * least `minimumFee`. The one rule both the popup and the charge use.
 */
export function orderServiceFee(subtotal: number, rule: { feeBasisPoints: number; minimumFee: number }): number {
  if (subtotal <= 0) return 0;
  return Math.max(rule.minimumFee, Math.floor((subtotal * rule.feeBasisPoints + 5_000) / 10_000));
}

const orderLine = {
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, quantityMessage)
    .max(MAX_ORDER_QUANTITY, quantityMessage),
  paymentMethod: ZPurchasePaymentMethod,
  /**
   * A round with a waiting room sells only to people it admitted: the token its `GET .../waiting-room` gave them
   * (ADMISSION_REQUIRED without one, ADMISSION_INVALID when bad, expired or someone else's). Ignored elsewhere.
   */
  admissionToken: z.string().min(1).max(200).optional(),
  /**
   * The total the buyer agreed to: what the popup's Pay button showed (`GET /v1/orders/fee`'s total). The purchase is
   * charged exactly this or refused with PRICE_CHANGED (the console changed the price, or the next round opened at its
   * own), whatever the payment method. Optional so that older clients keep working, charged the price of the moment;
   * the web app always sends it.
   */
  expectedTotal: z.strictObject({ amount: z.number().int().nonnegative(), currency: z.literal('USD') }).optional(),
};

/** `POST /v2/orders` and `POST /v1/orders` (with an Idempotency-Key header): packs of a drop, a pass, or tickets. */
export const ZCreateOrderRequest = z.union([
  z.strictObject({ dropId: ZUuid, ...orderLine }),
  z.strictObject({ passId: ZUuid, ...orderLine }),
  z.strictObject({ ticketKindId: ZUuid, ...orderLine }),
]);
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

export const ZCreatedOrder = z.object({
  id: ZUuid,
  status: ZOrderStatus,
  /** Card and Tilia: the provider's checkout to send the person to; null for balance payments. */
  checkoutUrl: z.string().nullable(),
});
export type TCreatedOrder = z.infer<typeof ZCreatedOrder>;

export const ZOrderDrop = z.object({ id: ZUuid, name: z.string(), imageUrl: z.string(), brand: ZBrandSummary });

/** What an order bought, as every page names it: the drop, the pass or the ticket kind, and where it is seen. */
export const ZOrderItem = z.object({
  kind: z.enum(orderItemKinds),
  id: ZUuid,
  name: z.string(),
  /** Null for a ticket kind drawn without artwork. */
  imageUrl: z.string().nullable(),
  brand: ZBrandSummary.nullable(),
  linkPath: z.string(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrder = z.object({
  id: ZUuid,
  status: ZOrderStatus,
  item: ZOrderItem,
  /** Packs: the drop and round; null for passes and tickets. */
  drop: ZOrderDrop.nullable(),
  round: z.number().int().nullable(),
  quantity: z.number().int(),
  paymentMethod: ZOrderPaymentMethod,
  unitPrice: ZMoney,
  subtotal: ZMoney,
  serviceFee: ZMoney,
  total: ZMoney,
  /** Card and Tilia orders: until when the packs are held for this payment. */
  holdExpiresAt: z.iso.datetime().nullable(),
  /** Card and Tilia orders while pending: the checkout to finish paying. */
  checkoutUrl: z.string().nullable(),
  /** A plain code once failed (for example `card_declined`); else null. */
  failureReason: z.string().nullable(),
  /** A card or Tilia payment for it that the provider received but the order could not take, held for a refund. */
  heldPayment: ZHeldPayment.nullable(),
  /** Spec section 3's purchase receipt, once the order succeeded; null for a GIFT (nothing was paid). */
  receipt: ZReceipt.nullable(),
  packIds: z.array(ZUuid),
  /**
   * The order's secret in its drop's claim log (claim-log.ts): the log names the buyer only as
   * claimBuyerHash(buyerSalt, userId), so the buyer, and nobody else, can find their claims in it. Null for orders from
   * before the log.
   */
  buyerSalt: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TOrder = z.infer<typeof ZOrder>;

// ---------------------------------------------------------------------------------------------------------- packs

export const editionTypes = ['STANDARD', 'GENERATIVE'] as const;
export type TEditionType = (typeof editionTypes)[number];
export const ZEditionType = z.enum(editionTypes);

/**
 * Spec section 9's image choice: a GENERATIVE edition whose resource ends in png, jpg or gif shows that resource;
 * every other edition shows its product's thumbnail.
 */
export function editionImageUrl(
  edition: { type: TEditionType; resourceUri: string | null },
  product: { imageThumbnailUrl: string },
): string {
  return editionArtworkUrl(edition) ?? product.imageThumbnailUrl;
}

/**
 * The edition's own artwork when section 9 shows it (GENERATIVE, a png, jpg or gif resource), else null: where a page
 * shows the product's full-size image rather than its thumbnail (the NFT page, a token's metadata), this is what
 * replaces it, so the page and the lists show the same picture.
 */
export function editionArtworkUrl(edition: { type: TEditionType; resourceUri: string | null }): string | null {
  if (edition.type !== 'GENERATIVE' || !edition.resourceUri) return null;
  const path = edition.resourceUri.split(/[?#]/)[0]!.toLowerCase();
  return /\.(png|jpg|gif)$/.test(path) ? edition.resourceUri : null;
}

/** Spec section 3's pack detail: the product (rarity, thumbnail) and the edition (type, resource). */
export const ZPackItem = z.object({
  product: z.object({
    id: ZUuid,
    name: z.string(),
    rarity: ZRarity,
    imageThumbnailUrl: z.string(),
    editionSize: z.number().int().nullable(),
  }),
  edition: z.object({
    id: ZUuid,
    serialNumber: z.number().int(),
    type: ZEditionType,
    resourceUri: z.string().nullable(),
  }),
  /** editionImageUrl of the two, so every client shows the same picture. */
  imageUrl: z.string(),
});
export type TPackItem = z.infer<typeof ZPackItem>;

export const ZPack = z.object({
  id: ZUuid,
  number: z.number().int(),
  drop: ZOrderDrop,
  round: z.number().int(),
  orderId: ZUuid,
  isOpened: z.boolean(),
  openedAt: z.iso.datetime().nullable(),
  /** The highest rarity inside, once opened; null while the contents are a surprise. */
  rarity: ZRarity.nullable(),
  /** Its editions once opened; empty before. */
  items: z.array(ZPackItem),
  /** When it became its owner's: bought, or given. */
  purchasedAt: z.iso.datetime(),
  /** Given, not bought (decision record 36): a gift round's pack, through a GIFT order. */
  isGift: z.boolean(),
});
export type TPack = z.infer<typeof ZPack>;

/** `GET /v1/packs?isOpened=false`: only the packs still sealed (My Collection shows them beside the editions). */
export const ZMyPacksQuery = z.object({ isOpened: ZQueryBoolean.optional() });
export type TMyPacksQuery = z.infer<typeof ZMyPacksQuery>;

/** `GET /v1/packs`: my packs grouped by rarity, rarest first, unopened ones last (rarity null). */
export const ZMyPacks = z.object({
  groups: z.array(z.object({ rarity: ZRarity.nullable(), packs: z.array(ZPack) })),
});
export type TMyPacks = z.infer<typeof ZMyPacks>;

/** The highest rarity among a pack's items (null for none). */
export function topRarity(rarities: readonly TRarity[]): TRarity | null {
  let best: TRarity | null = null;
  for (const rarity of rarities) if (best === null || rarityRank(rarity) > rarityRank(best)) best = rarity;
  return best;
}

/** `GET /v1/orders/{id}/collections`: what an order delivered. */
export const ZOrderCollections = z.object({ orderId: ZUuid, status: ZOrderStatus, packs: z.array(ZPack) });
export type TOrderCollections = z.infer<typeof ZOrderCollections>;
