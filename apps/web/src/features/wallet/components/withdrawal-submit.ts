import { formatMoney, type TMoney } from '@cypher/contract';

/**
 * The withdrawable balance must cover the amount and the fee (the API moves both into review). Returns the popup's
 * explanation when it does not, or undefined when the request may go (or the balance is not known yet: the API decides).
 */
export function shortfallOf(amountCents: number, fee: TMoney | undefined, withdrawable: TMoney | undefined) {
  if (!withdrawable) return undefined;
  const total = amountCents + (fee?.amount ?? 0);
  if (total <= withdrawable.amount) return undefined;
  return `This withdrawal needs ${formatMoney({ amount: total, currency: 'USD' })} including the fee; you can withdraw ${formatMoney(withdrawable)}.`;
}
