import { DEPOSIT_AMOUNT_MISMATCH, errorCatalogue, type THeldPayment } from '@cypher/contract';
import { formatDate } from './format.ts';

/**
 * A failed payment's `failureReason` (the provider's code, kept on a deposit and on the order it paid for) in plain
 * words: one table for the payment page's deposits and the purchase status page.
 */
const failureReasonWords: Record<string, string> = {
  card_declined: 'Your card was declined. Please try another card.',
  insufficient_funds: 'Your card was declined for insufficient funds.',
  // Card networks' decline codes, as the card provider passes them on (adapters/payments/stripe-provider.ts).
  expired_card: 'Your card has expired. Please try another card.',
  incorrect_cvc: 'The card’s security code was not right. Please check it and try again.',
  processing_error: 'The card could not be processed. Please try again.',
  payment_declined: 'The payment was declined.',
  // Tilia: the person or Tilia canceled the invoice (adapters/payments/tilia-provider.ts).
  canceled: 'The payment was canceled.',
  // A crypto charge paid wrongly (Coinbase's timeline context, adapters/payments/coinbase-commerce-provider.ts; one paid
  // late ends as expired): money may have been sent, so these never say that none was taken.
  underpaid: 'Less than the amount due arrived, so nothing was added to your balance.',
  overpaid: 'More than the amount due arrived, so nothing was added to your balance.',
  multiple: 'More than one payment arrived for this charge, so nothing was added to your balance.',
  provider_unavailable: errorCatalogue.PAYMENT_PROVIDER_UNAVAILABLE.message,
  provider_not_configured: errorCatalogue.PAYMENT_PROVIDER_UNAVAILABLE.message,
  expired: 'The checkout expired before the payment was completed.',
  // The provider received another amount than asked: held for review (apply-payment-event.ts), which the deposit's
  // heldPayment tells (heldPaymentInWords).
  [DEPOSIT_AMOUNT_MISMATCH]: 'A different amount than asked arrived, so nothing was added to your balance.',
};

export function paymentFailureInWords(reason: string | null | undefined, otherwise: string): string {
  return (reason && failureReasonWords[reason]) || otherwise;
}

/**
 * What became of money a provider received for a payment that could not take it (another amount, or after it had
 * failed), said after why it failed: held for a refund while our team reviews it, and once the review is over, that
 * it is (session 78's hunt: the pages kept promising the refund after it had been made).
 */
export function heldPaymentInWords(heldPayment: THeldPayment): string {
  return heldPayment.resolvedAt
    ? `On ${formatDate(heldPayment.resolvedAt)}, our team finished reviewing the money that arrived: if a refund was due, it went back through your payment provider.`
    : 'The money that arrived is held for review: our team will refund it to you, so you do not need to pay again.';
}
