import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { TEnvironment } from '../config.ts';

/** s3rver's one account, which it ships with: it knows the key id and, for SigV4, does not check the signature. */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: what S3_ENDPOINT is set to. */
  endpoint: string;
  /** A new empty bucket, made through the server's API; its name is unique to this call. */
  createBucket(): Promise<string>;
  /** The settings that point an API instance at `bucket` on this server (S3_PUBLIC_URL too when asked). */
  env(bucket: string, options?: { isPublic?: boolean }): TEnvironment;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on a free loopback port, its objects in a temporary folder: the S3
 * adapter's requests are sent over HTTP and answered as S3 answers them (XML errors, NoSuchKey, HEAD without a body).
 * Each test file starts its own, so files never share a port or a bucket.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'cypher-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    async createBucket() {
      const name = `cypher-test-${randomBytes(6).toString('hex')}`;
      // CreateBucket is a bare PUT on the bucket's path; s3rver takes it unsigned.
      const response = await fetch(`${endpoint}/${name}`, { method: 'PUT' });
      if (!response.ok) throw new Error(`s3rver did not create ${name}: ${response.status}`);
      return name;
    },
    env(bucket, options = {}) {
      return {
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: ACCESS_KEY,
        ...(options.isPublic ? { S3_PUBLIC_URL: `${endpoint}/${bucket}` } : {}),
      };
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
