import { formatMoney, orderQuantityText, type TNotificationStage, type TOrderItemKind } from '@cypher/contract';
import { orderLineText } from './sale-items.ts';

/** What each purchase stage tells the buyer, and what the ledger and receipt call the purchase, in one place. */
const usd = (cents: number) => formatMoney({ amount: cents, currency: 'USD' });
/** "1 minute", "10 minutes": ORDER_HOLD_MINUTES may be set to 1. */
const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes.toLocaleString('en-US')} minutes`);

/** What an order buys, as its notices and receipt name it. */
export interface TOrderLine {
  kind: TOrderItemKind;
  /** The drop's name, the pass's. */
  name: string;
  quantity: number;
}

/** The ledger movement's and the receipt's line: "Neon Tides · 2 packs", "Season Pass · 1 pass". */
export function purchaseDescription(line: TOrderLine): string {
  return `${line.name} · ${orderQuantityText(line.kind, line.quantity)}`;
}

/** "it" or "them", "it" or "they": an order of one is one thing, whatever its kind. */
const themOf = (line: TOrderLine) => (line.quantity === 1 ? 'it' : 'them');
const theyOf = (line: TOrderLine) => (line.quantity === 1 ? 'it' : 'they');

/** What the units are called when they go back: "the pack", "the packs", "the pass". */
const unitsWord = (line: TOrderLine) => {
  const [one, many] = line.kind === 'PACK' ? ['pack', 'packs'] : ['pass', 'passes'];
  return `the ${line.quantity === 1 ? one : many}`;
};

/** After a payment that did not go through: what went back on sale, if anything did (tickets are not scarce). */
const wentBack = (line: TOrderLine) => (line.kind === 'TICKET' ? '' : `, so ${unitsWord(line)} went back on sale`);

/** A purchase notice's stage and words; the order's link and id are added where it is sent. */
export interface TOrderNotice {
  stage: TNotificationStage;
  title: string;
  body: string;
}

export const orderNotices = {
  successful: (line: TOrderLine) => ({
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Purchase complete',
    body:
      line.kind === 'PACK'
        ? `You bought ${orderLineText(line)}. Open ${themOf(line)} to reveal your editions.`
        : line.kind === 'PASS'
          ? `You bought ${orderLineText(line)}. ${line.quantity === 1 ? 'It opens the rounds it names while it is valid.' : 'They open the rounds they name while they are valid.'}`
          : `You bought ${orderLineText(line)}. Spend ${themOf(line)} to enter raffle rounds.`,
  }),
  /** Packs and passes are held for the buyer while they pay; tickets are not scarce, so their order only stays open. */
  pending: (line: TOrderLine, holdMinutes: number) => ({
    stage: 'PENDING' as TNotificationStage,
    title: 'Payment pending',
    body:
      line.kind === 'TICKET'
        ? `Your order of ${orderLineText(line)} stays open for ${minutesText(holdMinutes)} while you pay.`
        : `We are holding ${orderLineText(line)} for ${minutesText(holdMinutes)} while you pay.`,
  }),
  failed: (line: TOrderLine) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment failed',
    body: `Your payment for ${orderLineText(line)} did not go through${wentBack(line)}. You were not charged.`,
  }),
  /**
   * The provider received another amount than the order's (held for review, apply-payment-event.ts): the order did
   * not go through, and the money is to be refunded, so never "You were not charged".
   */
  paymentHeld: (line: TOrderLine) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment held for review',
    body: `Your payment for ${orderLineText(line)} arrived for another amount than the order's. The order did not go through${wentBack(line)}. Our team will refund your payment; you do not need to pay again.`,
  }),
  /** The buyer cancelled before paying (cancel-order.ts): said as done, not as a failure. */
  cancelled: (line: TOrderLine) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Order cancelled',
    body: `You cancelled your order of ${orderLineText(line)}${wentBack(line)}. You were not charged.`,
  }),
  timedOut: (line: TOrderLine, holdMinutes: number) => ({
    stage: 'TIMED_OUT' as TNotificationStage,
    title: 'Purchase timed out',
    body: `We did not receive your payment for ${orderLineText(line)} within ${minutesText(holdMinutes)}${wentBack(line) || ', so the order was closed'}.`,
  }),
  /** The payment arrived after the hold: whether the timeout job had released the units yet or not. */
  paidAfterHoldExpired: (line: TOrderLine, total: number) => ({
    stage: 'TIMED_OUT' as TNotificationStage,
    title: 'Payment added to your balance',
    body:
      line.kind === 'TICKET'
        ? `Your payment for ${orderLineText(line)} arrived after the order had expired, so ${usd(total)} was added to your balance instead.`
        : `Your payment for ${orderLineText(line)} arrived after your hold on ${unitsWord(line)} had expired, so ${theyOf(line)} went back on sale and ${usd(total)} was added to your balance instead.`,
  }),
  /**
   * A payment completed after the order's checkout had closed (expired, or could not be opened) and the order with
   * it: its hold was not what ran out, so the words are not paidAfterHoldExpired's.
   */
  paidAfterCheckoutClosed: (line: TOrderLine, total: number) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment added to your balance',
    body: `Your payment for ${orderLineText(line)} arrived after its checkout had closed and the order with it, so ${usd(total)} was added to your balance instead.`,
  }),
  /** A payment its buyer had started, completed after they cancelled the order (its checkout closed with the cancel). */
  paidAfterCancel: (line: TOrderLine, total: number) => ({
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment added to your balance',
    body: `Your payment for ${orderLineText(line)} arrived after you had cancelled the order, so ${usd(total)} was added to your balance instead.`,
  }),
  /** A card payment completed after the buyer switched the order to Tilia: that checkout was closed, the money is kept. */
  paidReplacedCheckout: (line: TOrderLine, total: number) => ({
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Payment added to your balance',
    body: `Your card payment for ${orderLineText(line)} went through after you chose to pay with Tilia instead, so ${usd(total)} was added to your balance. You were not charged twice${line.kind === 'TICKET' ? '' : ` for ${unitsWord(line)}`}.`,
  }),
};
