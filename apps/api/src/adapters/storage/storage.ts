/**
 * Where uploaded and generated files live. Locally a folder under DATA_DIR; at scale an S3-compatible bucket behind
 * the same two calls (ARCHITECTURE section 3). Keys are flat names the caller makes (`<random>.webp`), never paths.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes a file (account deletion); removing what is not there is not an error. */
  remove(key: string): Promise<void>;
}

interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** Letters, digits, dot, dash and underscore, no leading dot: a key can never climb out of its folder. */
const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isValidStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key) && !key.includes('..');
}
