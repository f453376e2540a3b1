import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  MAX_TILIA_PAYMENT_METHODS,
  type TAddTiliaPaymentMethodRequest,
  type TTiliaPaymentMethod,
} from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import { tiliaPaymentMethods } from './cards.tables.ts';
import { hasRoomForOneMore } from '../person-slots.ts';
import { inTransaction } from '../../../db/transaction.ts';

function view(row: typeof tiliaPaymentMethods.$inferSelect): TTiliaPaymentMethod {
  return {
    id: row.id,
    type: row.type as TTiliaPaymentMethod['type'],
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTiliaPaymentMethods(db: Db, userId: string): Promise<TTiliaPaymentMethod[]> {
  const rows = await db
    .select()
    .from(tiliaPaymentMethods)
    .where(eq(tiliaPaymentMethods.userId, userId))
    .orderBy(desc(tiliaPaymentMethods.createdAt));
  return rows.map(view);
}

export async function addTiliaPaymentMethod(
  db: Db,
  userId: string,
  request: TAddTiliaPaymentMethodRequest,
  now: Date,
): Promise<TTiliaPaymentMethod> {
  const [row] = await inTransaction(db, async (tx) => {
    // The person's row locked first: two saves at once cannot both find room, nor save to an account deleted meanwhile.
    if (!(await hasRoomForOneMore(tx, tiliaPaymentMethods, userId, MAX_TILIA_PAYMENT_METHODS))) {
      throw new AppError('TILIA_PAYMENT_METHOD_LIMIT_REACHED');
    }
    return tx
      .insert(tiliaPaymentMethods)
      .values({
        id: newId(),
        userId,
        type: request.type,
        label: request.label,
        providerToken: `tpm_sandbox_${randomUUID()}`,
        createdAt: now,
      })
      .returning();
  });
  return view(row!);
}

export async function deleteTiliaPaymentMethod(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(tiliaPaymentMethods)
    .where(and(eq(tiliaPaymentMethods.id, id), eq(tiliaPaymentMethods.userId, userId)))
    .returning({ id: tiliaPaymentMethods.id });
  if (deleted.length === 0) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
}
