import type { TAuditAction } from './console.ts';
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

/**
 * Every name one console move has, in one table: the move is the last part of its address
 * (`POST /v1/console/withdrawals/:id/{move}`); `to` is the state it leads to; `decision` is what the API records
 * it as in the audit log; `asks` is what its request must carry: the reason the person is told (a rejection, a failed
 * payout), or the payout's own reference (the wire's bank reference, the USDC transaction hash), which the person is
 * shown so they can find the money in their bank or wallet, and which the books are reconciled against.
 */
export const withdrawalMoves = {
  review: { to: 'in_review', decision: 'review', asks: null },
  approve: { to: 'approved', decision: 'approve', asks: null },
  reject: { to: 'rejected', decision: 'reject', asks: 'reason' },
  paid: { to: 'paid', decision: 'mark_paid', asks: 'payoutReference' },
  failed: { to: 'failed', decision: 'mark_failed', asks: 'reason' },
} as const satisfies Record<
  string,
  { to: TWithdrawalStatus; decision: TAuditAction; asks: 'reason' | 'payoutReference' | null }
>;

export type TWithdrawalMove = keyof typeof withdrawalMoves;
/** The moves whose request carries words: a reason, a payout reference. */
export type TWithdrawalMoveWithWords = {
  [M in TWithdrawalMove]: (typeof withdrawalMoves)[M]['asks'] extends null ? never : M;
}[TWithdrawalMove];
export type TWithdrawalDecision = (typeof withdrawalMoves)[TWithdrawalMove]['decision'];
export const withdrawalMoveNames = Object.keys(withdrawalMoves) as TWithdrawalMove[];

/** The move that leads to `to`; none leads to `submitted`, where every withdrawal starts. */
export function withdrawalMoveTo(to: TWithdrawalStatus): TWithdrawalMove | undefined {
  return withdrawalMoveNames.find((move) => withdrawalMoves[move].to === to);
}
