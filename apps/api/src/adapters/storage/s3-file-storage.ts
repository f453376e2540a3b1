import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { TBucketConfig } from '../../config.ts';
import { isValidStorageKey, type FileStorage } from './storage.ts';

/**
 * Names are random (or a hash of the bytes, for the demo's artwork) and never reused, so an object never changes:
 * whoever reads it straight from the bucket (S3_PUBLIC_URL, a CDN) may keep it for a year, as /uploads/ says.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface S3FileStorage extends FileStorage {
  /** Start-up's check: the bucket exists and these keys may read it, or an error saying which and where. */
  checkBucket(): Promise<void>;
  /** Closes the client's pooled connections. */
  close(): void;
}

/** An object's body, read to its end (which gives its connection back to the client's pool). */
async function bytesOf(body: { transformToByteArray(): Promise<Uint8Array> } | undefined): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const bytes = await body.transformToByteArray();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Files in an S3-compatible bucket (Amazon S3, MinIO, R2, s3rver in the tests), one object per key at the bucket's
 * root, its content type stored with it. Every instance on every machine reads the same objects, which a folder under
 * DATA_DIR cannot give several machines.
 */
export function s3FileStorage(bucket: TBucketConfig): S3FileStorage {
  const client = new S3Client({
    region: bucket.region,
    endpoint: bucket.endpoint,
    forcePathStyle: bucket.forcePathStyle,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey() },
    // Without these a bucket that stops answering holds an upload or a page's images for ever (the SDK's defaults are
    // no timeouts); a read of an image is small, so 30 s is long. The SDK retries twice more on its own.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
  const where = `bucket "${bucket.name}"${bucket.endpoint ? ' at S3_ENDPOINT' : ''}`;

  /**
   * The SDK's error in a few words, the endpoint's address (in a refused connection's or a failed look-up's message)
   * written as S3_ENDPOINT, as the chain adapter writes its node: operators' logs and error reports get the setting's
   * name, not where the bucket lives.
   */
  function reasonOf(error: unknown): string {
    let reason = error instanceof Error ? `${error.name}${error.message ? `: ${error.message}` : ''}` : String(error);
    if (bucket.endpoint) {
      const { host, hostname } = new URL(bucket.endpoint);
      reason = reason.replaceAll(host, 'S3_ENDPOINT').replaceAll(hostname, 'S3_ENDPOINT');
    }
    return reason;
  }

  /**
   * The SDK's error with the bucket named, never the endpoint's address or the keys; not as a cause, which would carry
   * the SDK's own message (and so the address) into the logs.
   */
  function failure(operation: string, key: string | null, error: unknown): Error {
    return new Error(`${operation}${key ? ` ${key}` : ''} on ${where} failed (${reasonOf(error)})`);
  }

  function objectKey(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  }

  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

  return {
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket.name,
            Key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            CacheControl: IMMUTABLE,
          }),
        );
      } catch (error) {
        throw failure('PutObject', key, error);
      }
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket.name, Key: key }));
        return { bytes: await bytesOf(object.Body), contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        // A missing key is an answer; a missing bucket or a refusal is a fault, and must not look like "no image".
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        throw failure('GetObject', key, error);
      }
    },

    /**
     * Reads what it answers whole before answering, a range's bytes only: the object's own stream passed on to a
     * browser would hold one of the client's pooled connections for as long as a paused player leaves it unread, and
     * a few dozen paused viewers would hold them all (every image and upload then waits). The route keeps a range to a
     * few megabytes (media.routes.ts), so each read stays small.
     */
    async open(key, pickRange) {
      if (!isValidStorageKey(key)) return null;
      let operation = 'HeadObject';
      try {
        // A range needs the size first, to be picked: one HEAD, then the GET of those bytes only. The object never
        // changes (names are not reused), so the size cannot change between the two.
        const size = pickRange
          ? (await client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }))).ContentLength
          : undefined;
        const range = size === undefined ? null : (pickRange?.(size) ?? null);
        operation = 'GetObject';
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket.name,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const bytes = await bytesOf(object.Body);
        // A store that ignores Range answers the whole object (no Content-Range): the range is cut from it here.
        const part = range && !object.ContentRange ? bytes.subarray(range.start, range.end + 1) : bytes;
        return {
          body: Readable.from(part),
          contentType: object.ContentType ?? 'application/octet-stream',
          size: range ? size! : bytes.length,
          range,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure(operation, key, error);
      }
    },

    async stat(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
        return { contentType: head.ContentType ?? 'application/octet-stream', size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure('HeadObject', key, error);
      }
    },

    async has(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw failure('HeadObject', key, error);
      }
    },

    async remove(key) {
      try {
        // S3 answers a delete of a missing key with success, which is what the port promises.
        await client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: objectKey(key) }));
      } catch (error) {
        throw failure('DeleteObject', key, error);
      }
    },

    ...(bucket.publicUrl
      ? { publicUrl: (key: string) => `${bucket.publicUrl}/${encodeURIComponent(objectKey(key))}` }
      : {}),

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket.name }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        const hint =
          status === 404
            ? 'it does not exist; create it first'
            : status === 403 || status === 401
              ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY may not read it'
              : 'is S3_ENDPOINT reachable?';
        // The SDK's error in a word or two, not as a cause: start-up prints this message to an operator, and a cause
        // would bring the SDK's whole object along with it.
        throw new Error(`The ${where} cannot be used for images: ${hint} (HeadBucket answered ${reasonOf(error)})`);
      }
    },

    close() {
      client.destroy();
    },
  };
}
