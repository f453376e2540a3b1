import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { newId } from '../lib/ids.ts';
import { grantTickets } from '../modules/tickets/grant-tickets.ts';
import { ticketKinds, type TTicketKindRow } from '../modules/tickets/tickets.tables.ts';

let counter = 0;

/** A kind of ticket written straight to its table (on sale at $1.00 unless told), so tests control what exists. */
export async function insertTicketKind(
  db: Db,
  fields: Partial<Omit<TTicketKindRow, 'id' | 'createdAt' | 'updatedAt'>> & { at?: Date } = {},
): Promise<TTicketKindRow> {
  counter += 1;
  const { at = new Date(), ...rest } = fields;
  const [row] = await db
    .insert(ticketKinds)
    .values({
      id: newId(),
      brandId: null,
      name: `Drop ticket ${counter}`,
      description: null,
      imageUrl: null,
      price: 100,
      maxPerOrder: 10,
      isActive: true,
      usedFor: 'Enter raffle rounds',
      createdAt: at,
      updatedAt: at,
      ...rest,
    })
    .returning();
  return row!;
}

/** Gives a person `count` tickets of a kind as an operator would (CONSOLE_GRANT), in a transaction of its own. */
export async function giveTickets(db: Db, userId: string, ticketKindId: string, count: number, now = new Date()) {
  await inTransaction(db, (tx) =>
    grantTickets(tx, [{ userId, ticketKindId, count, reason: 'CONSOLE_GRANT', referenceId: newId(), now }]),
  );
}
