import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { brandPreviousSlugs } from '../modules/catalog/catalog.tables.ts';
import { insertBrand } from '../testing/catalog-fixtures.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { brandIdNamedNow } from './console-brand.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the brand named to npm run console', () => {
  it('is found by its id or the slug it goes by now, whatever the case', async () => {
    const brand = await insertBrand(database.db, { name: 'Lantern House', slug: 'lantern-house' });
    expect(await brandIdNamedNow(database.db, 'lantern-house')).toBe(brand.id);
    expect(await brandIdNamedNow(database.db, 'LANTERN-HOUSE')).toBe(brand.id);
    expect(await brandIdNamedNow(database.db, brand.id)).toBe(brand.id);
  });

  it('is not found by a slug it went by before, and the message names the slug to use', async () => {
    const brand = await insertBrand(database.db, { name: 'Quiet Hours', slug: 'quiet-hours-live' });
    await database.db
      .insert(brandPreviousSlugs)
      .values({ slug: 'quiet-hours', brandId: brand.id, replacedAt: new Date('2026-11-01T00:00:00Z') });
    await expect(brandIdNamedNow(database.db, 'quiet-hours')).rejects.toThrow(
      'No brand goes by "quiet-hours" now: Quiet Hours went by it before and is "quiet-hours-live" now. ' +
        'Name the brand as it is now (its slug or id).',
    );
    await expect(brandIdNamedNow(database.db, 'no-such-brand')).rejects.toThrow('No brand "no-such-brand".');
  });
});
