import type { TMoney } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import type { TDepositRow } from './deposits.tables.ts';

/**
 * What another module does when a deposit it started settles (an order paid by card or Tilia): called inside the
 * transaction that applies the provider's event, after the wallet's own effect, so both commit together, once.
 * Listeners are handed in by the app's composition root, so the wallet never imports the modules that use it.
 */
/** The deposit as a listener sees it (the wallet's row, read only). */
export type TListenedDeposit = TDepositRow;

export interface DepositListener {
  /**
   * First, before the wallet changes the deposit or touches the ledger: lock the listener's own rows that come before
   * those in the lock order (db/transaction.ts: an order, its allowance), so a payment, a hold timing out and a
   * purchase never wait on each other in a circle.
   */
  lockFor(tx: Db, deposit: TDepositRow): Promise<void>;
  /**
   * What the balance's history calls the money this deposit brings, when it pays for something of the listener's
   * ("Card payment for Neon Tides · 2 packs", beside the purchase it pays for); null when it is not the listener's,
   * and the wallet calls it "Funds added".
   */
  describe(tx: Db, deposit: TDepositRow): Promise<string | null>;
  /**
   * The money was credited to the person (postDeposit ran); `paymentMethod` is what the receipt names. Answers whether
   * the deposit was this listener's (an order's payment) and it told the person itself; otherwise the wallet tells
   * them their funds were added.
   */
  onSucceeded(tx: Db, deposit: TDepositRow, paymentMethod: string, now: Date): Promise<boolean>;
  /**
   * The payment failed or its checkout expired, or another amount arrived and is held for review: nothing was
   * credited. Answers whether the deposit was this listener's and it told the person itself.
   */
  onClosed(tx: Db, deposit: TDepositRow, now: Date): Promise<boolean>;
  /**
   * An operator resolved the payment held for review on this deposit (resolve-payment-review.ts): the review is over.
   * Answers whether the deposit was this listener's and it told the person itself, in the words and place of what it
   * told them when the payment was held (an order's notice, beside its purchase).
   */
  onReviewResolved(tx: Db, deposit: TDepositRow, received: TMoney | null, now: Date): Promise<boolean>;
}
