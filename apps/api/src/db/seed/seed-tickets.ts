import { eq } from 'drizzle-orm';
import { newId } from '../../lib/ids.ts';
import { grantTickets } from '../../modules/tickets/grant-tickets.ts';
import { ticketKinds } from '../../modules/tickets/tickets.tables.ts';
import { users } from '../../modules/users/users.tables.ts';
import { inTransaction } from '../transaction.ts';
import { ticketArtwork } from './demo-artwork.ts';
import { demoAccounts } from './seed-demo-accounts.ts';
import { renderImage } from './seed-catalog.ts';
import type { SeedDeps } from './seed-demo.ts';

/** How many Drop tickets the demo collector starts with. */
export const DEMO_COLLECTOR_TICKETS = 3;

/**
 * One kind of ticket on sale, the marketplace's own "Drop ticket" at $1.00, and three of them for the demo collector,
 * granted as an operator would (CONSOLE_GRANT, through grantTickets, so the count, its history and the notification
 * are exactly what a real grant leaves).
 */
export async function seedTickets({ database, clock, storage }: SeedDeps): Promise<void> {
  const now = clock.now();
  const imageUrl = await renderImage(storage, 'ticket-drop-ticket', ticketArtwork('Drop ticket'), 600);
  await inTransaction(database.db, async (tx) => {
    const id = newId();
    await tx.insert(ticketKinds).values({
      id,
      brandId: null,
      name: 'Drop ticket',
      description: 'One entry into a raffle round of any drop. Spent when you enter; kept until then.',
      imageUrl,
      price: 100,
      maxPerOrder: 10,
      isActive: true,
      usedFor: 'Enter raffle rounds',
      createdAt: now,
      updatedAt: now,
    });
    const [collector] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.collector.email));
    await grantTickets(tx, [
      {
        userId: collector!.id,
        ticketKindId: id,
        count: DEMO_COLLECTOR_TICKETS,
        reason: 'CONSOLE_GRANT',
        referenceId: newId(),
        now,
      },
    ]);
  });
}
