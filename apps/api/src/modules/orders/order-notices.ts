import { formatMoney } from '@cypher/contract';
import type { TNotificationStage } from '@cypher/contract';

/** What each purchase stage tells the buyer, in one place. */
const packs = (quantity: number) => (quantity === 1 ? '1 pack' : `${quantity} packs`);
const usd = (cents: number) => formatMoney({ amount: cents, currency: 'USD' });

export const orderNotices = {
  successful: (dropName: string, quantity: number) => ({
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Purchase complete',
    body: `You bought ${packs(quantity)} of ${dropName}. Open ${quantity === 1 ? 'it' : 'them'} to reveal your editions.`,
  }),
  pending: (dropName: string, quantity: number, holdMinutes: number) => ({
    stage: 'PENDING' as TNotificationStage,
    title: 'Payment pending',
    body: `We are holding ${packs(quantity)} of ${dropName} for ${holdMinutes} minutes while you pay.`,
  }),
  failed: (dropName: string) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment failed',
    body: `Your payment for ${dropName} did not go through, so the packs went back on sale. You were not charged.`,
  }),
  timedOut: (dropName: string, holdMinutes: number) => ({
    stage: 'TIMED_OUT' as TNotificationStage,
    title: 'Purchase timed out',
    body: `We did not receive your payment for ${dropName} within ${holdMinutes} minutes, so the packs went back on sale.`,
  }),
  paidAfterTimeout: (dropName: string, total: number) => ({
    stage: 'TIMED_OUT' as TNotificationStage,
    title: 'Payment added to your balance',
    body: `Your payment for ${dropName} arrived after the packs were released, so ${usd(total)} was added to your balance instead.`,
  }),
};
