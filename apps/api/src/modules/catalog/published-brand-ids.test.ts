import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { brands } from './catalog.tables.ts';
import { isBrandPublished } from './published-brand-ids.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The real database, with the reads `isBrandPublished` sends to it counted. */
function countingReads(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') reads += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: counted, reads: () => reads };
}

describe('isBrandPublished', () => {
  it('answers every purchase that arrives while a brand is read from that one read', async () => {
    const brand = await insertBrand(database.db);
    const { db, reads } = countingReads(database.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => isBrandPublished(db, brand.id)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => true));
    expect(reads()).toBe(1);
    // Seen published: the next purchases within the memory read nothing.
    expect(await isBrandPublished(db, brand.id)).toBe(true);
    expect(reads()).toBe(1);
  });

  it('reads an unpublished brand again each time, so it sells as soon as it is published again', async () => {
    const brand = await insertBrand(database.db, { status: 'DRAFT' });
    const { db, reads } = countingReads(database.db);
    expect(await Promise.all([isBrandPublished(db, brand.id), isBrandPublished(db, brand.id)])).toEqual([false, false]);
    expect(reads()).toBe(1);
    await database.db.update(brands).set({ status: 'PUBLISHED' }).where(eq(brands.id, brand.id));
    expect(await isBrandPublished(db, brand.id)).toBe(true);
    expect(reads()).toBe(2);
  });
});
