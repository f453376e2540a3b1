import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { devMailboxMessages } from '../../modules/dev-mailbox/dev-mailbox.tables.ts';
import { seedMarker } from './seed.tables.ts';

/**
 * Demo content for a fresh install, so the product looks alive on first start. Each module adds a seeder here as it
 * lands (the catalog brings brands and products); the database counts as empty while the seed marker is absent.
 */
interface Seeder {
  name: string;
  run(database: Database, clock: Clock): Promise<void>;
}

const seeders: Seeder[] = [
  {
    name: 'welcome message in the dev mailbox',
    async run(database, clock) {
      await database.db.insert(devMailboxMessages).values({
        id: newId(),
        channel: 'email',
        to: 'you@example.com',
        subject: 'Your dev mailbox is ready',
        text: 'Outside production every email and text message the marketplace sends lands here instead of a real inbox.\nSign up with any address and the verification mail will appear on this page.',
        createdAt: clock.now(),
      });
    },
  },
];

export async function seedDemo(database: Database, clock: Clock, log?: Pick<FastifyBaseLogger, 'info'>) {
  for (const seeder of seeders) {
    await seeder.run(database, clock);
    log?.info({ seeder: seeder.name }, 'seeded');
  }
  await database.db
    .insert(seedMarker)
    .values({ id: 1, seededAt: clock.now() })
    .onConflictDoUpdate({ target: seedMarker.id, set: { seededAt: clock.now() } });
}

export async function seedDemoIfEmpty(database: Database, clock: Clock, log?: Pick<FastifyBaseLogger, 'info'>) {
  const [marker] = await database.db.select().from(seedMarker).where(eq(seedMarker.id, 1));
  if (marker) return false;
  await seedDemo(database, clock, log);
  return true;
}
