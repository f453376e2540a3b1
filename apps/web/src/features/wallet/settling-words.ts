import { formatMoney, type TMyBalances } from '@cypher/contract';
import { formatDateTime } from '../../lib/format.ts';

/**
 * Card and Tilia money still inside the settlement delay, and from when it can go out (the API's `settling`): the
 * first part that does, when it is not all of it, then all of it. Said on the balance and on the withdraw tab, so
 * nobody has to guess what "once the payment has settled" means. The settlement job moves money past the delay every
 * 10 minutes, so a moment already past is its next run.
 */
export function settlingSentence(settling: NonNullable<TMyBalances['settling']>, now: Date): string {
  const when = (iso: string) => (new Date(iso) <= now ? 'within the next few minutes' : `from ${formatDateTime(iso)}`);
  const { amount, soonest, withdrawableFrom } = settling;
  // Two deposits a few seconds apart settle at moments that read the same to the minute: one moment, said once.
  const settles =
    soonest.amount.amount >= amount.amount || when(soonest.withdrawableFrom) === when(withdrawableFrom)
      ? `it becomes withdrawable ${when(withdrawableFrom)}`
      : `${formatMoney(soonest.amount)} becomes withdrawable ${when(soonest.withdrawableFrom)}, and all of it ${when(withdrawableFrom)}`;
  return `${formatMoney(amount)} added by card or Tilia is still settling: ${settles}, unless you spend it first.`;
}
