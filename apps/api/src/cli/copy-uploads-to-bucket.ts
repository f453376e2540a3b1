// `npm run uploads:to-bucket`: copies every image in the folder UPLOADS_DIR into the bucket (S3_BUCKET and its keys),
// under the same names with their content types, skipping what the bucket already holds. Run once when an install that
// kept its images in the folder moves to a bucket: the database's addresses are `/uploads/<name>` either way, so once
// the files are in the bucket every address stored before keeps working. Safe to run again (it copies what is missing).
import fs from 'node:fs/promises';
import { localFileStorage } from '../adapters/storage/local-file-storage.ts';
import { openFileStorage } from '../adapters/storage/open-file-storage.ts';
import { isValidStorageKey } from '../adapters/storage/storage.ts';
import { loadConfig } from '../config.ts';

const config = loadConfig();
if (!config.bucket) {
  console.error('\n✗ No bucket is configured: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (README).\n');
  process.exit(1);
}
const folder = localFileStorage(config.uploadsDir);
const bucket = await openFileStorage(config);
const names = await fs.readdir(config.uploadsDir).catch((error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return [];
  throw error;
});
// Beside each file the folder keeps `<name>.content-type`, and `.partial` files while a write is under way.
const keys = names.filter(
  (name) => isValidStorageKey(name) && !name.endsWith('.content-type') && !name.endsWith('.partial'),
);
console.log(`▸ ${keys.length} files in ${config.uploadsDir} → the bucket ${config.bucket.name}`);

let copied = 0;
let present = 0;
let next = 0;
async function worker() {
  while (next < keys.length) {
    const key = keys[next++]!;
    if (await bucket.has(key)) {
      present += 1;
      continue;
    }
    const file = await folder.get(key);
    if (!file) continue;
    await bucket.put(key, file.bytes, file.contentType);
    copied += 1;
  }
}
try {
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`  copied ${copied}, already there ${present}`);
} finally {
  bucket.close();
}
