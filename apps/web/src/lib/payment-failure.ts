import { errorCatalogue } from '@cypher/contract';

/**
 * A failed payment's `failureReason` (the provider's code, kept on a deposit and on the order it paid for) in plain
 * words: one table for the payment page's deposits and the purchase status page.
 */
const failureReasonWords: Record<string, string> = {
  card_declined: 'Your card was declined. Please try another card.',
  insufficient_funds: 'Your card was declined for insufficient funds.',
  payment_declined: 'The payment was declined.',
  provider_unavailable: errorCatalogue.PAYMENT_PROVIDER_UNAVAILABLE.message,
  provider_not_configured: errorCatalogue.PAYMENT_PROVIDER_UNAVAILABLE.message,
  expired: 'The checkout expired before the payment was completed.',
};

export function paymentFailureInWords(reason: string | null | undefined, otherwise: string): string {
  return (reason && failureReasonWords[reason]) || otherwise;
}
