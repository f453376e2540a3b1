import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { isValidStorageKey, type FileStorage } from './storage.ts';

/** The content type of each file is kept beside it, so serving never has to guess from the name. */
const CONTENT_TYPE_SUFFIX = '.content-type';

/** Files in one local folder (`UPLOADS_DIR`), created on first write. Writes land atomically through a rename. */
export function localFileStorage(folder: string): FileStorage {
  function fileFor(key: string) {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(folder, key);
  }

  return {
    async put(key, bytes, contentType) {
      const file = fileFor(key);
      await fs.mkdir(folder, { recursive: true });
      // Both files are replaced by a rename, never rewritten in place: instances sharing the folder write the same
      // image variant at once, and a reader between another writer's truncate and write read an empty content type.
      await replaceAtomically(`${file}${CONTENT_TYPE_SUFFIX}`, contentType);
      await replaceAtomically(file, bytes);
    },

    async get(key) {
      if (!isValidStorageKey(key) || key.endsWith(CONTENT_TYPE_SUFFIX) || key.endsWith('.partial')) return null;
      const file = fileFor(key);
      try {
        const [bytes, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}${CONTENT_TYPE_SUFFIX}`, 'utf8'),
        ]);
        return { bytes, contentType: contentType.trim() };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async has(key) {
      if (!isValidStorageKey(key) || key.endsWith(CONTENT_TYPE_SUFFIX) || key.endsWith('.partial')) return false;
      try {
        await fs.access(fileFor(key));
        return true;
      } catch {
        return false;
      }
    },

    async remove(key) {
      const file = fileFor(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}${CONTENT_TYPE_SUFFIX}`, { force: true });
    },
  };
}

/** Writes beside the target under a name no other writer uses, then renames over it: readers see old or new, whole. */
async function replaceAtomically(file: string, content: Buffer | string) {
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    await fs.writeFile(partial, content);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
