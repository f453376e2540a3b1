import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Database } from '../client.ts';
import { inTransaction } from '../transaction.ts';
import type { TConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { devMailboxMessages } from '../../modules/dev-mailbox/dev-mailbox.tables.ts';
import { seedAttendance } from './seed-attendance.ts';
import { seedCatalog } from './seed-catalog.ts';
import { seedDemoAccounts } from './seed-demo-accounts.ts';
import { seedDrops } from './seed-drops.ts';
import { seedFigureBases } from './seed-figure-bases.ts';
import { seedFusions } from './seed-fusions.ts';
import { seedOrders } from './seed-orders.ts';
import { seedPasses } from './seed-passes.ts';
import { seedTickets } from './seed-tickets.ts';
import { seedMarker } from './seed.tables.ts';

/**
 * Demo content for a fresh install, so the product looks alive on first start. Each module adds a seeder here as it
 * lands (the catalog brings brands and products); the database counts as empty while the seed marker is absent.
 */
export interface SeedDeps {
  database: Database;
  clock: Clock;
  /** Where generated artwork is stored, as uploads are. */
  storage: FileStorage;
  /** The fee rule the demo orders pay, as any purchase does. */
  orders: TConfig['orders'];
  /** Encrypts the demo drops' provenance seeds, as any publication does. */
  seedKey: Buffer;
}

interface Seeder {
  name: string;
  run(deps: SeedDeps): Promise<void>;
}

const seeders: Seeder[] = [
  {
    name: 'welcome message in the dev mailbox',
    async run({ database, clock }) {
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
  { name: 'demo accounts (admin@cypher.local, fan@cypher.local)', run: seedDemoAccounts },
  {
    name: 'catalogue: brands, licenses, collections, 30 products with artwork (the Dragon generative), banners',
    run: seedCatalog,
  },
  {
    name: 'figure bases: Hall of Heroes, Pit Lane and Tour Wall',
    run: seedFigureBases,
  },
  { name: 'drops: one live (two rounds, the second whitelisted), one upcoming, one completed', run: seedDrops },
  { name: 'passes: Neon Season Pass, on sale for 60 days', run: seedPasses },
  {
    name: 'orders: four collectors buy in the live and the completed drop and open most of their packs',
    run: seedOrders,
  },
  {
    name: 'fusions: Knighting Ceremony open now (three Genesis heroes make a Paladin), Midnight Tune-up in three days',
    run: seedFusions,
  },
  { name: 'tickets: the Drop ticket on sale at $1.00, three of them for fan@cypher.local', run: seedTickets },
  {
    name: 'attendance: a 90-day reward calendar running now, 1.00 CYP a day, a Drop ticket weekly, three streak bonuses',
    run: seedAttendance,
  },
];

function outsideTheSeed(): never {
  throw new Error('The demo seed runs in one transaction: use `database.db` (or `pipelined`) inside a seeder.');
}

/**
 * Every seeder and the marker in one transaction (theirs nest as savepoints): a first start stopped while seeding (a
 * Ctrl-C, a closed terminal) leaves nothing behind, and the next start seeds from the beginning. Written one seeder
 * at a time, it left the demo accounts without the marker, and every later start failed on their email (session
 * 78's payouts hunt). Files the seeders stored (generated artwork) may stay behind, unreferenced.
 */
export async function seedDemo(deps: SeedDeps, log?: Pick<FastifyBaseLogger, 'info'>) {
  const { database, clock } = deps;
  await inTransaction(database.db, async (tx) => {
    const seeding: Database = {
      ...database,
      db: tx,
      pipelined: (work) => inTransaction(tx, work),
      // What works outside the transaction is not a seeder's to use: it would escape it (and on PGlite, whose one
      // connection the transaction holds, wait for ever).
      pool: undefined,
      executeSql: outsideTheSeed,
      listen: outsideTheSeed,
      observed: outsideTheSeed,
    };
    for (const seeder of seeders) {
      await seeder.run({ ...deps, database: seeding });
      log?.info({ seeder: seeder.name }, 'seeded');
    }
    await tx
      .insert(seedMarker)
      .values({ id: 1, seededAt: clock.now() })
      .onConflictDoUpdate({ target: seedMarker.id, set: { seededAt: clock.now() } });
  });
}

export async function seedDemoIfEmpty(deps: SeedDeps, log?: Pick<FastifyBaseLogger, 'info'>) {
  const [marker] = await deps.database.db.select().from(seedMarker).where(eq(seedMarker.id, 1));
  if (marker) return false;
  await seedDemo(deps, log);
  return true;
}
