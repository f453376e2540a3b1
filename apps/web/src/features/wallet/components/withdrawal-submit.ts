import { formatMoney, type TCreateWithdrawalRequest, type TMoney } from '@cypher/contract';
import { isApiError, isFinalRefusal } from '../../../api/api-error.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import type { UnsavedChangesOptions } from '../../../ui/unsaved-changes.ts';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { largestWithdrawalCents, smallestWithdrawalCents } from '../form-schemas.ts';
import type { WithdrawalShortfall } from './wallet-dialogs.tsx';
import type { WithdrawalFormProps } from './withdraw-section.tsx';

/**
 * The withdrawal forms' guard (useUnsavedChanges): a request is sent, not saved, and another tab of the payment page
 * starts the form again. Once a request is taken the form empties itself, so there is nothing left to ask about.
 */
export const unsentWithdrawal: UnsavedChangesOptions = {
  notSaved: 'Your withdrawal request is not sent.',
  resetByQuery: ['tab'],
};

/**
 * The withdrawable balance must cover the amount and the fee (the API moves both into review). Returns the popup's
 * explanation when it does not, or undefined when the request may go (or the balance is not known yet: the API decides).
 */
function shortfallOf(amountCents: number, fee: TMoney | undefined, withdrawable: TMoney | undefined) {
  if (!withdrawable) return undefined;
  const total = amountCents + (fee?.amount ?? 0);
  if (total <= withdrawable.amount) return undefined;
  const needs = formatMoney({ amount: total, currency: 'USD' });
  // The balance, not "you can withdraw": what can go is the popup's offer, the balance less the fee.
  return `This withdrawal needs ${needs}${fee?.amount ? ' with the fee' : ''}; your withdrawable balance is ${formatMoney(withdrawable)}.`;
}

/**
 * What the USDC and wire forms do with a request once it is valid: the shortfall popup before sending, one
 * idempotency key per attempt, the popup again when the API finds the funds short, the success toast. `request`
 * answers true once the withdrawal is taken; on any other refusal it hands the error to `onRefused` (the form's fields)
 * and answers false. `setAmountCents` puts an amount in the form: the popup offers the most that can go.
 */
export function useWithdrawalRequest({
  fee,
  withdrawable,
  onInsufficientFunds,
  setAmountCents,
}: WithdrawalFormProps & { setAmountCents: (cents: number) => void }) {
  const createWithdrawal = useCreateWithdrawal();
  const idempotency = useIdempotencyKey('withdrawal');
  const { showToast } = useToast();

  /** The popup's offer: the most one request can take now, when that is at least the smallest withdrawal. */
  function shortfall(detail: string | undefined, balance: TMoney | undefined): WithdrawalShortfall {
    const largest = largestWithdrawalCents(fee, balance);
    const hasFee = (fee?.amount ?? 0) > 0;
    if (largest === undefined || largest < smallestWithdrawalCents(fee)) return { detail, hasFee };
    return {
      detail,
      hasFee,
      largest: { amount: largest, currency: 'USD' },
      useLargest: () => setAmountCents(largest),
    };
  }

  async function request(body: TCreateWithdrawalRequest, onRefused: (error: unknown) => void): Promise<boolean> {
    const missing = shortfallOf(body.amount.amount, fee, withdrawable);
    if (missing) {
      onInsufficientFunds(shortfall(missing, withdrawable));
      return false;
    }
    try {
      await createWithdrawal.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
    } catch (error) {
      // A refusal answers this attempt for good (kept under its key): the next press is a new one.
      if (isFinalRefusal(error)) idempotency.settle();
      // The balance shown was older than the API's: no offer from it.
      if (isApiError(error) && error.code === 'INSUFFICIENT_FUNDS')
        onInsufficientFunds({ hasFee: (fee?.amount ?? 0) > 0 });
      else onRefused(error);
      return false;
    }
    showToast({
      tone: 'success',
      title: 'Withdrawal requested',
      description: 'Compliance review takes up to two weeks. You can follow it below.',
    });
    return true;
  }

  /** After a request was taken: saves where it went for next time, and says whether that worked. */
  async function saveDestination(what: 'wallet address' | 'bank account', save: () => Promise<string | undefined>) {
    try {
      const label = await save();
      showToast({
        tone: 'success',
        title: `${what.charAt(0).toUpperCase()}${what.slice(1)} saved`,
        description: label,
      });
    } catch (error) {
      showToast({
        tone: 'error',
        title: `The ${what} was not saved`,
        description: error instanceof Error ? error.message : undefined,
      });
    }
  }

  return { request, saveDestination };
}
