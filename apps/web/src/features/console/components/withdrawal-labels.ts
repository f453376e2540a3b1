import type { TWithdrawalMethod, TWithdrawalStatus } from '@cypher/contract';
import type { BadgeTone } from '../../../ui/badge.tsx';

/** The console's words for each state; the word carries the meaning, the tone helps. */
export const withdrawalStatusLabels: Record<TWithdrawalStatus, { label: string; tone: BadgeTone }> = {
  submitted: { label: 'Submitted', tone: 'neutral' },
  in_review: { label: 'In review', tone: 'warning' },
  approved: { label: 'Approved', tone: 'accent' },
  paid: { label: 'Paid', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'warning' },
};

export const withdrawalMethodLabels: Record<TWithdrawalMethod, string> = { wire: 'Wire', usdc: 'USDC' };

export function withdrawalPath(id: string): string {
  return `/console/withdrawals/${encodeURIComponent(id)}`;
}
