import { isCancelledByBuyer, type TOrder, type TOrderPaymentMethod, type TOrderStatus } from '@cypher/contract';
import type { BadgeTone } from '../ui/badge.tsx';

/**
 * How an order is named wherever it shows (the purchase pages, the payment page's purchases, the notifications):
 * spec section 4's pending, successful, failed and timed out, in one place.
 */
const orderStatusLabels: Record<TOrderStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'warning' },
  SUCCESSFUL: { label: 'Successful', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'neutral' },
  TIMED_OUT: { label: 'Timed out', tone: 'neutral' },
};

/** An order's status as shown: a failed one its buyer cancelled says so, since nothing went wrong with a payment. */
export function orderStatusLabel(order: Pick<TOrder, 'status' | 'failureReason'>): { label: string; tone: BadgeTone } {
  if (isCancelledByBuyer(order)) {
    return { label: 'Cancelled', tone: 'neutral' };
  }
  return orderStatusLabels[order.status];
}

export const orderPaymentMethodLabels: Record<TOrderPaymentMethod, string> = {
  BALANCE: 'Balance',
  CARD: 'Card',
  TILIA: 'Tilia',
  // A pack given by a redeem code, a check-in reward or an airdrop (decision record 36): nothing was paid.
  GIFT: 'Gift',
};

/** The contract names pack counts for the API's notices and receipts too; one rule for both. */
export { orderQuantityText, packCountText } from '@cypher/contract';
