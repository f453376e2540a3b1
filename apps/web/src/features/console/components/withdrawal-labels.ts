import type { TWithdrawalStatus } from '@cypher/contract';
import type { BadgeTone } from '../../../ui/badge.tsx';

/** How the console colours each state (the contract's withdrawalStatusNames carry the meaning; the tone helps). */
export const withdrawalStatusTones: Record<TWithdrawalStatus, BadgeTone> = {
  submitted: 'neutral',
  in_review: 'warning',
  approved: 'accent',
  paid: 'success',
  rejected: 'neutral',
  failed: 'warning',
};

/** A state after "This withdrawal is" or "It is … now": "failed" alone reads as a verb there. */
export const withdrawalStateWords: Record<TWithdrawalStatus, string> = {
  submitted: 'waiting for review',
  in_review: 'in review',
  approved: 'approved',
  paid: 'paid',
  rejected: 'rejected',
  failed: 'marked failed',
};

export function withdrawalPath(id: string): string {
  return `/console/withdrawals/${encodeURIComponent(id)}`;
}
