import type { TConfig } from '../../config.ts';
import { localFileStorage } from './local-file-storage.ts';
import { s3FileStorage } from './s3-file-storage.ts';
import type { FileStorage } from './storage.ts';

/**
 * The bucket when S3_BUCKET is set, checked before anything is served or seeded (a wrong name or key stops start-up
 * with a message instead of failing every upload later); otherwise the folder UPLOADS_DIR. `close` lets go of the
 * bucket's connections.
 */
export async function openFileStorage(
  config: Pick<TConfig, 'bucket' | 'uploadsDir'>,
): Promise<FileStorage & { close(): void }> {
  if (!config.bucket) return { ...localFileStorage(config.uploadsDir), close: () => undefined };
  const storage = s3FileStorage(config.bucket);
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.close();
    throw error;
  }
  return storage;
}
