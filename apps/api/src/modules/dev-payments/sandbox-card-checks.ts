import { cardBrandOf, INVALID_CARD_NUMBER_MESSAGE, isCardExpired, isValidCardNumber } from '@cypher/contract';
import { sandboxCardDeclines } from '../../adapters/payments/sandbox-provider.ts';

/** The card form of the sandbox checkout page, as typed. */
export interface TSandboxCardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** A refusal shown on the form (nothing is paid), or the payment: the receipt's name and a test card's decline. */
export type TSandboxCardCheck = { formError: string } | { paymentMethod: string; declineReason: string | null };

/**
 * What a card provider's hosted form checks before it charges: the Luhn check, an expiry not yet past (a card is
 * good through its expiry month) and a 3 or 4 digit security code. Stripe's test numbers decline as listed in
 * sandboxCardDeclines; any other valid number pays. The card is named as a saved card is (cardBrandOf), so the
 * receipt reads the same however the person paid.
 */
export function checkSandboxCard(form: TSandboxCardForm, now: Date): TSandboxCardCheck {
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  if (!isValidCardNumber(digits)) return { formError: INVALID_CARD_NUMBER_MESSAGE };
  if (!isUnexpired(form.expiry, now)) return { formError: 'Please enter a valid expiry date (MM/YY).' };
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return { formError: 'Please enter the 3 or 4 digit security code.' };
  return {
    paymentMethod: `${cardBrandOf(digits)} •••• ${digits.slice(-4)}`,
    declineReason: sandboxCardDeclines[digits] ?? null,
  };
}

/**
 * MM/YY or MM/YYYY, or the same digits without the slash (`1234` is 12/34, as a provider's form reads it), not
 * expired by the card rule saved cards and the web's card form apply.
 */
function isUnexpired(expiry: string, now: Date): boolean {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return false;
  const expMonth = Number(match[1]);
  const expYear = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return expMonth >= 1 && expMonth <= 12 && !isCardExpired({ expMonth, expYear }, now);
}
