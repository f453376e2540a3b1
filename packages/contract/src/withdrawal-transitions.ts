import type { TWithdrawalStatus } from './withdrawals.ts';

/**
 * The withdrawal state machine as both sides need it: the API moves a withdrawal only along these edges, and the
 * console offers only the moves allowed from the current state. An admin may approve or reject straight from
 * submitted, or take it in review first; paid and failed follow approval; the ends are final.
 */
export const withdrawalTransitions: Record<TWithdrawalStatus, readonly TWithdrawalStatus[]> = {
  submitted: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: ['paid', 'failed'],
  paid: [],
  rejected: [],
  failed: [],
};

/** Whether a withdrawal in `from` may move to `to`. */
export function canMoveWithdrawal(from: TWithdrawalStatus, to: TWithdrawalStatus): boolean {
  return withdrawalTransitions[from].includes(to);
}
