import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live. Locally a folder under DATA_DIR (local-file-storage.ts); at scale an
 * S3-compatible bucket behind the same calls (s3-file-storage.ts, decision record 33). Keys are flat names the caller
 * makes (`<random>.webp`), never paths. What is put here has already passed the content checks (modules/media).
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /**
   * What is stored under `key` as a stream, to be sent on as it is read; or only the bytes `pickRange` picks once the
   * size is known: a player reads a 50 MB video a range at a time, and each range must not cost the whole file. Null
   * when nothing is stored under `key`.
   */
  open(key: string, pickRange?: (size: number) => ByteRange | null): Promise<StoredStream | null>;
  /** The type and size of what is stored under `key`, without reading it (a HEAD request's answer); null when nothing. */
  stat(key: string): Promise<StoredFileFacts | null>;
  /** Whether something is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  /** Removes a file (account deletion); removing what is not there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Where a browser can read `key` from the store itself (a public bucket, S3_PUBLIC_URL); absent when only the API
   * can, and then GET /uploads/<name> serves the bytes.
   */
  publicUrl?(key: string): string;
}

interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** Bytes `start` to `end` of a file, both included, as HTTP's Range counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

interface StoredFileFacts {
  contentType: string;
  /** The whole file's size in bytes. */
  size: number;
}

interface StoredStream extends StoredFileFacts {
  /** The file, or only `range` of it: `size` is the whole file's either way. */
  body: Readable;
  /** The part `body` holds, or null for the whole file. */
  range: ByteRange | null;
}

/** Letters, digits, dot, dash and underscore, no leading dot: a key can never climb out of its folder. */
const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isValidStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key) && !key.includes('..');
}
