import type { TCreatedOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { whitelistedAmong, type TSaleDrop, type TSaleRound } from '../drops/get-sale-drop.ts';
import { reserveAllowance } from './purchase-allowance.ts';
import { sellPacksFromBalance } from './sell-packs.ts';
import type { TOrderPrice } from './sale-round.ts';

/** One purchase of `quantity` packs of the drop's open round, priced. */
export interface TSale {
  id: string;
  userId: string;
  drop: TSaleDrop;
  round: TSaleRound;
  quantity: number;
  price: TOrderPrice;
  now: Date;
}

/** The checks a held (card or Tilia) purchase passes before it holds packs: the whitelist and the per-person limit. */
export async function admitBuyer(tx: Db, sale: TSale): Promise<void> {
  if (sale.round.hasWhitelist && !(await whitelistedAmong(tx, sale.round.id, [sale.userId])).has(sale.userId)) {
    throw new AppError('NOT_WHITELISTED');
  }
  await reserveAllowance(tx, sale.round, sale.userId, sale.quantity);
}

/**
 * One purchase paid from the balance, inside the idempotent request's transaction: a batch of one of
 * sellPacksFromBalance, so a purchase on its own and one in a batch take exactly the same path. A refusal is thrown
 * as its AppError, rolling the transaction back.
 */
export async function buyWithBalance(tx: Db, sale: TSale): Promise<TCreatedOrder> {
  const [outcome] = await sellPacksFromBalance(tx, [sale]);
  if (!outcome!.ok) throw new AppError(outcome!.code);
  return outcome!.order;
}
