// `npm run seed` writes the demo content into an empty database; `npm run seed -- --reset` wipes every table
// (data, job queue, migration history) and rebuilds the demo from scratch. Uses the same configuration as `npm start`.
// Files in UPLOADS_DIR (or the bucket, S3_BUCKET) are left alone (they may be shared or configured elsewhere); the
// demo's own artwork is named by a hash of its bytes, so a rebuild rewrites the same files instead of piling up new ones.
import { sql } from 'drizzle-orm';
import { openFileStorage } from '../adapters/storage/open-file-storage.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo, seedDemoIfEmpty } from '../db/seed/seed-demo.ts';
import { publishBundledTerms } from '../modules/catalog/terms/publish-bundled-terms.ts';
import { systemClock } from '../lib/clock.ts';
import { withLocalAuthSecret } from '../lib/local-secret.ts';
import { provenanceSeedKey } from '../modules/drops/provenance-seed-cipher.ts';

const isReset = process.argv.includes('--reset');
const config = withLocalAuthSecret(loadConfig());
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = await openFileStorage(config);
const deps = { database, clock: systemClock, storage, orders: config.orders, seedKey: provenanceSeedKey(config) };
const log = { info: (details: { seeder: string }) => console.log(`  seeded: ${details.seeder}`) };

try {
  if (isReset) {
    await database.db.execute(sql.raw('drop schema if exists pgboss cascade'));
    await database.db.execute(sql.raw('drop schema if exists drizzle cascade'));
    await database.db.execute(sql.raw('drop schema public cascade'));
    await database.db.execute(sql.raw('create schema public'));
    await runMigrations(database);
    await publishBundledTerms(database.db, systemClock.now());
    await seedDemo(deps, log);
    console.log('Database reset and demo content rebuilt.');
  } else {
    await runMigrations(database);
    await publishBundledTerms(database.db, systemClock.now());
    const isSeeded = await seedDemoIfEmpty(deps, log);
    console.log(
      isSeeded ? 'Demo content written.' : 'The database already has its demo content; use --reset to rebuild it.',
    );
  }
} finally {
  await database.close();
  storage.close();
}
