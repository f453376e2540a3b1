// What `npm start` does to the database before it listens, done once by itself: migrate, publish the bundled terms,
// and outside production seed the demo content into an empty database. `npm run start:cluster` runs it before it
// starts its instances, so they find nothing left to do instead of racing to seed the same empty database.
import { localFileStorage } from '../adapters/storage/local-file-storage.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemoIfEmpty } from '../db/seed/seed-demo.ts';
import { publishBundledTerms } from '../modules/catalog/terms/publish-bundled-terms.ts';
import { systemClock } from '../lib/clock.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  console.log('  database migrated');
  await publishBundledTerms(database.db, systemClock.now());
  if (!config.isProduction) {
    const storage = localFileStorage(config.uploadsDir);
    const isSeeded = await seedDemoIfEmpty({ database, clock: systemClock, storage, orders: config.orders });
    if (isSeeded) console.log('  demo content written (outside production, into an empty database)');
  }
} finally {
  await database.close();
}
