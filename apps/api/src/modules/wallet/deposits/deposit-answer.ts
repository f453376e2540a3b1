import { and, eq, inArray } from 'drizzle-orm';
import type { TCreateDepositResponse, TDepositMethod } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { openCheckoutUrl } from './deposit-states.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';

/** The deposit as it stands now, after a move that did not happen because someone else's did. */
export async function reloadDeposit(db: Db, id: string): Promise<TDepositRow> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
  return row;
}

/** A saved-method deposit failed for these reasons never reached a provider that could charge it (502, try again). */
const chargeNeverMadeReasons = new Set(['provider_not_configured', 'provider_unavailable', 'payment_method_removed']);

/**
 * What POST /v1/deposits answers for the deposit as it stands. A checkout: its page once the provider has it; 502 when
 * the provider never took it; 409 while another request is still asking; the deposit itself, without a page, once it
 * ended before its page was stored (expired unopened after a stop, or paid by a webhook that overtook the provider's
 * answer), where 409 would tell a retry to wait for what will never come. A saved-method charge has no page to hand
 * over: once claimed, the deposit itself is the answer (the client polls GET /v1/deposits/:id; a decline answers
 * failed with its reason), except a charge that never reached the provider (502).
 */
export function answerFor(deposit: TDepositRow): TCreateDepositResponse {
  // A replay after the deposit ended (the web resends its key after a lost answer) must not send the person to a
  // closed checkout: it answers the status, without a page, and the client shows the outcome.
  const answer = { depositId: deposit.id, checkoutUrl: openCheckoutUrl(deposit), status: deposit.status };
  if (deposit.savedMethodId) {
    if (deposit.status === 'created') throw new AppError('REQUEST_IN_PROGRESS');
    if (deposit.status === 'failed' && chargeNeverMadeReasons.has(deposit.failureReason ?? '')) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
    return answer;
  }
  if (deposit.status === 'failed' && deposit.checkoutUrl === null) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  const isOpen = deposit.status === 'created' || deposit.status === 'pending';
  if (deposit.checkoutUrl === null && isOpen) throw new AppError('REQUEST_IN_PROGRESS');
  return answer;
}

/** The open checkouts of these deposits, by id, for another module's rows (an order waiting for its payment). */
export async function checkoutUrlsByDepositIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: deposits.id, checkoutUrl: deposits.checkoutUrl })
    .from(deposits)
    .where(and(inArray(deposits.id, unique), eq(deposits.status, 'pending')));
  return new Map(rows.flatMap((row) => (row.checkoutUrl ? [[row.id, row.checkoutUrl] as const] : [])));
}

/** The deposit whose checkout at the provider has this reference, while it is open (pending); else null. */
export async function findOpenCheckoutDeposit(
  db: Db,
  method: TDepositMethod,
  reference: string,
): Promise<TDepositRow | null> {
  const [deposit] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.providerReference, reference), eq(deposits.method, method)));
  return deposit?.status === 'pending' ? deposit : null;
}
