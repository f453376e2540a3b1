import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const complete = { S3_BUCKET: 'cypher-images', S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', S3_SECRET_ACCESS_KEY: SECRET };

describe('bucket settings', () => {
  it('without any, images stay in the folder UPLOADS_DIR', () => {
    const config = testConfig({ UPLOADS_DIR: '/tmp/cypher-images' });
    expect(config.bucket).toBeUndefined();
    expect(config.uploadsDir).toBe('/tmp/cypher-images');
  });

  it('with the bucket and its keys: Amazon S3 by default, path-style once an endpoint is named; the secret never printed', () => {
    const onAws = testConfig(complete).bucket!;
    expect(onAws).toMatchObject({
      name: 'cypher-images',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: complete.S3_ACCESS_KEY_ID,
      forcePathStyle: false,
      publicUrl: undefined,
    });
    expect(onAws.secretAccessKey()).toBe(SECRET);
    const config = testConfig({ ...complete, S3_REGION: 'eu-west-3' });
    expect(config.bucket?.region).toBe('eu-west-3');
    expect(JSON.stringify(config)).not.toContain(SECRET);
    expect(inspect(config, { depth: null })).not.toContain(SECRET);

    const compatible = testConfig({ ...complete, S3_ENDPOINT: 'http://127.0.0.1:9000' }).bucket!;
    expect(compatible).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    const virtualHosted = testConfig({
      ...complete,
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(virtualHosted.bucket?.forcePathStyle).toBe(false);
    const publicBucket = testConfig({ ...complete, S3_PUBLIC_URL: 'https://images.cypher.test/' });
    expect(publicBucket.bucket?.publicUrl).toBe('https://images.cypher.test');
  });

  it.each([
    [
      { S3_BUCKET: 'cypher-images' },
      'S3_ACCESS_KEY_ID: required with S3_BUCKET (a bucket needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    ],
    [
      { S3_BUCKET: 'cypher-images', S3_ACCESS_KEY_ID: 'AKIA' },
      'S3_SECRET_ACCESS_KEY: required with S3_BUCKET, S3_ACCESS_KEY_ID',
    ],
    [
      { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: SECRET },
      'S3_BUCKET: required with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      'S3_ENDPOINT: set without a bucket (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    ],
    [{ S3_PUBLIC_URL: 'https://images.cypher.test' }, 'S3_PUBLIC_URL: set without a bucket'],
    [{ S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }, 'S3_REGION: set without a bucket'],
  ])('stops start-up on a partial set %j', (env, message) => {
    expect(() => testConfig(env)).toThrow(message);
  });

  it('refuses malformed values, naming the setting and never repeating the secret', () => {
    expect(() => testConfig({ ...complete, S3_BUCKET: 'Cypher_Images' })).toThrow('S3_BUCKET: must be a bucket name');
    expect(() => testConfig({ ...complete, S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT');
    expect(() => testConfig({ ...complete, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE');
    expect(() => testConfig({ ...complete, S3_PUBLIC_URL: 'images' })).toThrow('S3_PUBLIC_URL');
    const error = (() => {
      try {
        testConfig({ S3_SECRET_ACCESS_KEY: SECRET });
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toContain('S3_BUCKET: required with S3_SECRET_ACCESS_KEY');
    expect(error?.message).not.toContain(SECRET);
  });
});
