import { and, eq, inArray } from 'drizzle-orm';
import type { TDepositStatus } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';

/**
 * The deposit state machine (house rule 6). created: recorded, provider not yet answered; pending: checkout open, or
 * for a saved-method charge, the charge claimed by the one request that calls the provider (no new state: it waits
 * on the webhook as an open checkout does, and closes the same ways); a provider failure ends created or pending in
 * failed; the provider's webhooks (or the abandoned-checkout job, for expired) end pending, and the job also closes
 * an intent whose checkout never opened. succeeded and failed are final.
 */
const depositTransitions: Record<TDepositStatus, readonly TDepositStatus[]> = {
  // created -> succeeded: a provider's webhook may overtake the answer of the call that started the payment (a saved
  // card charged in milliseconds); the event names our deposit id, so the money is credited, not lost.
  // created -> expired: the process stopped between recording the intent and recording the provider's answer, so no
  // checkout was ever shown; the abandoned-checkout job closes such intents (a payment that still arrives credits).
  created: ['pending', 'failed', 'succeeded', 'expired'],
  pending: ['succeeded', 'failed', 'expired'],
  succeeded: [],
  failed: [],
  // expired -> succeeded: we expire a checkout when our clock says so, but the provider may still receive the money
  // afterwards (a crypto payment confirmed after the charge window, a webhook delayed past expiry). The money was
  // received, so it is credited, through the same exactly-once path as any other succeeded event.
  expired: ['succeeded'],
};

/**
 * The checkout page worth sending a person to: only an open one (pending). A finished checkout shows "closed", so a
 * deposit that has ended (paid, failed, expired) has none to give, whoever asks (its view, or a replayed request).
 */
export function openCheckoutUrl(deposit: TDepositRow): string | null {
  return deposit.status === 'pending' ? deposit.checkoutUrl : null;
}

function depositStatesLeadingTo(to: TDepositStatus): TDepositStatus[] {
  return (Object.keys(depositTransitions) as TDepositStatus[]).filter((from) => depositTransitions[from].includes(to));
}

/**
 * `UPDATE deposits SET status = to WHERE id = $1 AND status IN (states leading to it)`: the row, or null. `from`
 * narrows those states for a caller whose reason holds only in some of them.
 */
export async function transitionDeposit(
  tx: Db,
  id: string,
  move: { to: TDepositStatus; now: Date; changes?: Partial<TDepositRow>; from?: readonly TDepositStatus[] },
): Promise<TDepositRow | null> {
  const { from } = move;
  const leading = depositStatesLeadingTo(move.to).filter((state) => !from || from.includes(state));
  const [row] = await tx
    .update(deposits)
    .set({ ...move.changes, status: move.to, updatedAt: move.now })
    .where(and(eq(deposits.id, id), inArray(deposits.status, leading)))
    .returning();
  return row ?? null;
}
