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

  /** A name the store keeps for itself (a content type beside its file, a write under way), never a file's key. */
  const isStoredFileKey = (key: string) =>
    isValidStorageKey(key) && !key.endsWith(CONTENT_TYPE_SUFFIX) && !key.endsWith('.partial');

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
      if (!isStoredFileKey(key)) return null;
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

    async open(key, pickRange) {
      if (!isStoredFileKey(key)) return null;
      const file = fileFor(key);
      // Opened once: the size, and the bytes streamed after, are of the same file even if a rename replaces it.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const [{ size }, contentType] = await Promise.all([
          handle.stat(),
          fs.readFile(`${file}${CONTENT_TYPE_SUFFIX}`, 'utf8'),
        ]);
        const range = pickRange?.(size) ?? null;
        // The stream closes the handle when it ends or is destroyed (a player that moves on mid-range).
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { body, contentType: contentType.trim(), size, range };
      } catch (error) {
        await handle.close();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async stat(key) {
      if (!isStoredFileKey(key)) return null;
      const file = fileFor(key);
      try {
        const [{ size }, contentType] = await Promise.all([
          fs.stat(file),
          fs.readFile(`${file}${CONTENT_TYPE_SUFFIX}`, 'utf8'),
        ]);
        return { contentType: contentType.trim(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async has(key) {
      if (!isStoredFileKey(key)) return false;
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
