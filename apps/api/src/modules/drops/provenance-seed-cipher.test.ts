import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProvenance, type TDropProvenance } from '@cypher/contract';
import { loadConfig, testConfig } from '../../config.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest, publishedDrop } from '../../testing/console-drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { drops } from './drops.tables.ts';
import { encryptPlainSeeds } from './encrypt-plain-seeds.ts';
import { decryptSeed, encryptSeed, provenanceSeedKey } from './provenance-seed-cipher.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
let brandId: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  brandId = (await insertBrand(t.database.db)).id;
  productId = (await insertProduct(t.database.db, brandId, { rarity: 'COMMON' })).id;
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const storedSeedOf = async (dropId: string) =>
  (await t.database.db.select({ seed: drops.seed }).from(drops).where(eq(drops.id, dropId)))[0]!.seed!;

/** A drop of 10 packs of 1 published through the console, whose sale ended a day ago: its provenance is revealed. */
async function endedDrop(): Promise<string> {
  const sixDaysAgo = new Date(t.clock.now().getTime() - 6 * DAY_MS);
  const request = dropRequest(brandId, [productId], sixDaysAgo, {
    editionsPerPack: 1,
    contents: [{ productId, editionCount: 10 }],
    rounds: [
      {
        round: 1,
        saleBeginAt: new Date(sixDaysAgo.getTime() + DAY_MS).toISOString(),
        saleEndAt: new Date(sixDaysAgo.getTime() + 2 * DAY_MS).toISOString(),
        price: 1_000,
        perPersonLimit: null,
        packCount: 10,
        whitelist: null,
      },
    ],
  });
  return publishedDrop(t, admin.accessToken, request);
}

const provenanceOf = (app: TestApp, dropId: string) =>
  app.app.inject({ method: 'GET', url: `/v1/drops/${dropId}/provenance` });

describe('the provenance seed at rest', () => {
  it('round-trips under its key and drop only: another key, another drop or an altered byte throws', () => {
    const key = randomBytes(32);
    const seed = randomBytes(32).toString('hex');
    const stored = encryptSeed(key, 'drop-a', seed);
    expect(stored).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(stored).not.toContain(seed);
    // A fresh IV each time: the same seed never gives the same text twice.
    expect(encryptSeed(key, 'drop-a', seed)).not.toBe(stored);
    expect(decryptSeed(key, 'drop-a', stored)).toBe(seed);

    expect(() => decryptSeed(randomBytes(32), 'drop-a', stored)).toThrow(/does not decrypt/);
    expect(() => decryptSeed(key, 'drop-b', stored)).toThrow(/does not decrypt/);
    const [version, iv, tag, ciphertext] = stored.split('.');
    const flipped = `${ciphertext![0] === 'A' ? 'B' : 'A'}${ciphertext!.slice(1)}`;
    expect(() => decryptSeed(key, 'drop-a', [version, iv, tag, flipped].join('.'))).toThrow(/does not decrypt/);
    expect(() => decryptSeed(key, 'drop-a', seed)).toThrow(/not a v1 ciphertext/);
  });

  it('keeps only the ciphertext in the drops row; after the drop ends the reveal answers the plain seed, which verifies', async () => {
    const dropId = await endedDrop();
    const stored = await storedSeedOf(dropId);
    expect(stored).toMatch(/^v1\./);

    const revealed = await provenanceOf(t, dropId);
    expect(revealed.statusCode).toBe(200);
    const provenance = revealed.json().data as TDropProvenance;
    expect(provenance.isRevealed).toBe(true);
    expect(provenance.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(provenance.seed!);
    expect(
      verifyProvenance({
        commitment: provenance.commitment,
        seed: provenance.seed!,
        editionsPerPack: provenance.editionsPerPack,
        packs: provenance.packs!,
      }),
    ).toEqual({ isCommitmentMatched: true, isShuffleMatched: true });
  });

  it('fails loudly under a wrong key: the reveal answers 500 and reports why, and never shows a seed', async () => {
    const dropId = await endedDrop();
    // A second instance on the same database, configured with another key.
    const misconfigured = await createTestApp({
      database: t.database,
      env: { PROVENANCE_SEED_KEY: randomBytes(32).toString('hex') },
    });
    try {
      const answer = await provenanceOf(misconfigured, dropId);
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(answer.body).not.toMatch(/[0-9a-f]{64}"/);
      expect(String(misconfigured.errorReporter.reports.at(-1)?.error)).toContain('does not decrypt');
    } finally {
      await misconfigured.close();
    }
  });

  it('encrypts the plain seeds of drops published before, once, and their reveal still answers them', async () => {
    const dropId = await endedDrop();
    const key = provenanceSeedKey(t.deps.config);
    const seed = decryptSeed(key, dropId, await storedSeedOf(dropId));
    // As a drop published before this change left it.
    await t.database.db.update(drops).set({ seed }).where(eq(drops.id, dropId));

    expect(await encryptPlainSeeds(t.database.db, key)).toBe(1);
    const stored = await storedSeedOf(dropId);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(seed);
    expect(await encryptPlainSeeds(t.database.db, key)).toBe(0);
    expect(await storedSeedOf(dropId)).toBe(stored);
    expect((await provenanceOf(t, dropId)).json().data.seed).toBe(seed);
  });
});

describe('PROVENANCE_SEED_KEY', () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) };

  it('is required in production', () => {
    expect(() => loadConfig(production)).toThrow(/PROVENANCE_SEED_KEY: required in production/);
  });

  it('takes 32 bytes as 64 hex characters or as base64, and refuses any other length', () => {
    const key = randomBytes(32);
    for (const written of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      expect(loadConfig({ ...production, PROVENANCE_SEED_KEY: written }).drops.seedKey).toEqual(key);
    }
    for (const wrong of ['0'.repeat(62), randomBytes(16).toString('base64'), 'not a key']) {
      expect(() => loadConfig({ ...production, PROVENANCE_SEED_KEY: wrong })).toThrow(
        /PROVENANCE_SEED_KEY: must be 32 bytes/,
      );
    }
  });

  it('outside production defaults to a key derived from AUTH_SECRET: the same secret, the same key', () => {
    const config = testConfig({ PROVENANCE_SEED_KEY: '' });
    expect(config.drops.seedKey).toBeUndefined();
    expect(provenanceSeedKey(config)).toEqual(provenanceSeedKey(testConfig({ PROVENANCE_SEED_KEY: '' })));
    expect(provenanceSeedKey(config)).toHaveLength(32);
    expect(provenanceSeedKey(config)).not.toEqual(provenanceSeedKey(testConfig()));
  });
});
