/*
 * Route: POST /v1/orders and /v2/orders in a raffle round (orders/purchase-packs.ts, orders/sale-items.ts) · Writes and
 * reads: nothing · Tests: raffles.test.ts.
 */

/** A winner's place in a raffle round, as the purchase gate found it (raffle-purchase-gate.ts). */
export interface TRafflePlace {
  roundId: string;
  /** The first draw's winners buy until then. */
  windowEndsAt: Date;
}
