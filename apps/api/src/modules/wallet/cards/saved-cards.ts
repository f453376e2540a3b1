import { and, desc, eq } from 'drizzle-orm';
import {
  cardBrandOf,
  cardExpiredMessage,
  errorCatalogue,
  INVALID_CARD_NUMBER_MESSAGE,
  isCardExpired,
  isValidCardNumber,
  MAX_SAVED_CARDS,
  type TAddCardRequest,
  type TSavedCard,
} from '@cypher/contract';
import { sandboxCardToken } from '../../../adapters/payments/sandbox-provider.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { savedCards, type TSavedCardRow } from './cards.tables.ts';
import { hasRoomForOneMore } from '../person-slots.ts';
import { inTransaction } from '../../../db/transaction.ts';

function cardView(row: TSavedCardRow): TSavedCard {
  return {
    id: row.id,
    nameOnCard: row.nameOnCard,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSavedCards(db: Db, userId: string): Promise<TSavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, userId))
    .orderBy(desc(savedCards.createdAt));
  return rows.map(cardView);
}

/**
 * Saves a card after the Luhn check. The sandbox tokenises it locally (a real provider would return its own token;
 * the sandbox's carries a test card's decline, see sandboxCardToken);
 * only the name, brand, last four and expiry are kept with the token, the number itself goes nowhere. A card already
 * saved answers CARD_ALREADY_SAVED (409) under its number.
 */
export async function addSavedCard(db: Db, userId: string, request: TAddCardRequest, now: Date): Promise<TSavedCard> {
  const digits = request.cardNumber.replace(/[\s-]/g, '');
  if (!isValidCardNumber(digits)) {
    throw new AppError('INVALID_CARD_NUMBER', {
      details: [{ field: 'cardNumber', message: INVALID_CARD_NUMBER_MESSAGE }],
    });
  }
  if (isCardExpired(request, now)) {
    throw new AppError('INVALID_REQUEST', { details: [{ field: 'expMonth', message: cardExpiredMessage }] });
  }
  // Saved once per person (brand, last four and expiry: saved_cards_user_card_key), concurrent saves included, and
  // at most MAX_SAVED_CARDS (the person's row locked first, which also refuses an account deleted meanwhile).
  const brand = cardBrandOf(digits);
  const last4 = digits.slice(-4);
  const [row] = await inTransaction(db, async (tx) => {
    if (!(await hasRoomForOneMore(tx, savedCards, userId, MAX_SAVED_CARDS))) {
      // A card already saved is told so (under its number) whether or not the list is full.
      const [saved] = await tx
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(
          and(
            eq(savedCards.userId, userId),
            eq(savedCards.brand, brand),
            eq(savedCards.last4, last4),
            eq(savedCards.expMonth, request.expMonth),
            eq(savedCards.expYear, request.expYear),
          ),
        );
      if (saved) return [];
      throw new AppError('CARD_LIMIT_REACHED');
    }
    return tx
      .insert(savedCards)
      .values({
        id: newId(),
        userId,
        nameOnCard: request.nameOnCard,
        brand,
        last4,
        expMonth: request.expMonth,
        expYear: request.expYear,
        providerToken: sandboxCardToken(digits),
        createdAt: now,
      })
      .onConflictDoNothing({
        target: [savedCards.userId, savedCards.brand, savedCards.last4, savedCards.expMonth, savedCards.expYear],
      })
      .returning();
  });
  if (!row) {
    throw new AppError('CARD_ALREADY_SAVED', {
      details: [{ field: 'cardNumber', message: errorCatalogue.CARD_ALREADY_SAVED.message }],
    });
  }
  return cardView(row);
}

export async function deleteSavedCard(db: Db, userId: string, cardId: string): Promise<void> {
  const deleted = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  if (deleted.length === 0) throw new AppError('CARD_NOT_FOUND');
}
