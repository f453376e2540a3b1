import { formatMoney, type TMyBalances } from '@cypher/contract';
import { formatDateTime } from '../../lib/format.ts';

/**
 * Card and Tilia money still inside the settlement delay, and from when it can go out (the API's `settling`): said on
 * the balance and on the withdraw tab, so nobody has to guess what "once the payment has settled" means. The
 * settlement job moves money past the delay every 10 minutes, so a moment already past is its next run.
 */
export function settlingSentence(settling: NonNullable<TMyBalances['settling']>, now: Date): string {
  const when =
    new Date(settling.withdrawableFrom) <= now
      ? 'within the next few minutes'
      : `from ${formatDateTime(settling.withdrawableFrom)}`;
  return `${formatMoney(settling.amount)} added by card or Tilia is still settling: it becomes withdrawable ${when}, unless you spend it first.`;
}
