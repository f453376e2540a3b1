import { formatMoney, packCountText, type TNotificationStage } from '@cypher/contract';

/** What each purchase stage tells the buyer, and what the ledger and receipt call the purchase, in one place. */
const usd = (cents: number) => formatMoney({ amount: cents, currency: 'USD' });
/** "1 minute", "10 minutes": ORDER_HOLD_MINUTES may be set to 1. */
const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes.toLocaleString('en-US')} minutes`);

/** The ledger movement's and the receipt's line: "Neon Tides · 2 packs". */
export function purchaseDescription(dropName: string, quantity: number): string {
  return `${dropName} · ${packCountText(quantity)}`;
}

export const orderNotices = {
  successful: (dropName: string, quantity: number) => ({
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Purchase complete',
    body: `You bought ${packCountText(quantity)} of ${dropName}. Open ${quantity === 1 ? 'it' : 'them'} to reveal your editions.`,
  }),
  pending: (dropName: string, quantity: number, holdMinutes: number) => ({
    stage: 'PENDING' as TNotificationStage,
    title: 'Payment pending',
    body: `We are holding ${packCountText(quantity)} of ${dropName} for ${minutesText(holdMinutes)} while you pay.`,
  }),
  failed: (dropName: string) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment failed',
    body: `Your payment for ${dropName} did not go through, so the packs went back on sale. You were not charged.`,
  }),
  timedOut: (dropName: string, holdMinutes: number) => ({
    stage: 'TIMED_OUT' as TNotificationStage,
    title: 'Purchase timed out',
    body: `We did not receive your payment for ${dropName} within ${minutesText(holdMinutes)}, so the packs went back on sale.`,
  }),
  /** The payment arrived after the hold: whether the timeout job had released the packs yet or not. */
  paidAfterHoldExpired: (dropName: string, total: number) => ({
    stage: 'TIMED_OUT' as TNotificationStage,
    title: 'Payment added to your balance',
    body: `Your payment for ${dropName} arrived after your hold on the packs had expired, so they went back on sale and ${usd(total)} was added to your balance instead.`,
  }),
  /** A card payment completed after the buyer switched the order to Tilia: that checkout was closed, the money is kept. */
  paidReplacedCheckout: (dropName: string, total: number) => ({
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Payment added to your balance',
    body: `Your card payment for ${dropName} went through after you chose to pay with Tilia instead, so ${usd(total)} was added to your balance. You were not charged twice for the packs.`,
  }),
};
