// What `npm start` does to the database before it listens, done once by itself: migrate, publish the bundled terms,
// encrypt provenance seeds still stored in plain text, and outside production seed the demo content into an empty database. `npm run start:cluster` runs it before it
// starts its instances, so they find nothing left to do instead of racing to seed the same empty database.
import { openFileStorage } from '../adapters/storage/open-file-storage.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemoIfEmpty } from '../db/seed/seed-demo.ts';
import { publishBundledTerms } from '../modules/catalog/terms/publish-bundled-terms.ts';
import { systemClock } from '../lib/clock.ts';
import { withLocalAuthSecret } from '../lib/local-secret.ts';
import { encryptPlainSeeds } from '../modules/drops/encrypt-plain-seeds.ts';
import { provenanceSeedKey } from '../modules/drops/provenance-seed-cipher.ts';

const config = withLocalAuthSecret(loadConfig());
// Opened first: a bucket that cannot be used (S3_BUCKET, its keys) stops here, before any instance starts.
const storage = await openFileStorage(config).catch((error: Error) => {
  console.error(`\n✗ ${error.message}\n`);
  process.exit(1);
});
console.log(`  images: ${config.bucket ? `the bucket ${config.bucket.name}` : config.uploadsDir}`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  console.log('  database migrated');
  await publishBundledTerms(database.db, systemClock.now());
  const seedKey = provenanceSeedKey(config);
  const encrypted = await encryptPlainSeeds(database.db, seedKey);
  if (encrypted > 0) console.log(`  ${encrypted} provenance seeds stored in plain text are now encrypted`);
  if (!config.isProduction) {
    const isSeeded = await seedDemoIfEmpty({ database, clock: systemClock, storage, orders: config.orders, seedKey });
    if (isSeeded) console.log('  demo content written (outside production, into an empty database)');
  }
} finally {
  await database.close();
  storage.close();
}
