import { and, eq } from 'drizzle-orm';
import type { TDepositMethod } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { savedCards, tiliaPaymentMethods } from '../cards/cards.tables.ts';

export interface TSavedPaymentMethod {
  /** The provider's token, handed to chargeSavedMethod; never leaves the API. */
  token: string;
  /** What the receipt and the deposit show: "Visa •••• 4242", or the Tilia method's label. */
  label: string;
}

/**
 * The person's saved card (method card) or Tilia payment method (tilia). Someone else's or an unknown id is
 * CARD_NOT_FOUND or PAYMENT_METHOD_NOT_FOUND; crypto has no saved methods.
 */
export async function findSavedPaymentMethod(
  db: Db,
  method: TDepositMethod,
  userId: string,
  id: string,
): Promise<TSavedPaymentMethod> {
  if (method === 'card') {
    const [card] = await db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)));
    if (!card) throw new AppError('CARD_NOT_FOUND');
    return { token: card.providerToken, label: `${card.brand} •••• ${card.last4}` };
  }
  if (method === 'tilia') {
    const [saved] = await db
      .select()
      .from(tiliaPaymentMethods)
      .where(and(eq(tiliaPaymentMethods.id, id), eq(tiliaPaymentMethods.userId, userId)));
    if (!saved) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    return { token: saved.providerToken, label: saved.label };
  }
  throw new AppError('INVALID_REQUEST', {
    details: [
      { field: 'paymentMethodId', message: 'Crypto deposits are paid at a checkout, not with a saved method.' },
    ],
  });
}
