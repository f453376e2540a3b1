import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { insertBrand, insertCollection, insertProduct } from '../../../testing/catalog-fixtures.ts';
import { raceThroughGate } from '../../../testing/lock-barrier.ts';
import { oneInstanceOnPostgres } from '../../../testing/second-instance.ts';
import type { TestApp } from '../../../testing/test-app.ts';

// A slot saved asking for a product as it is, while the product's rarity changes: whichever goes first, the other is
// refused, so no slot is left asking for what no edition will ever be. On PGlite (one transaction at a time) there is
// no race to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let t: TestApp;
let admin: { accessToken: string };
oneInstanceOnPostgres({}, (made) => ({ t, admin } = made));

describe('a slot save and a product edit at once', () => {
  it.runIf(isOnPostgres)(
    'one of the two is refused, in either order, and the slot never asks for what is gone',
    async () => {
      for (let round = 0; round < 6; round += 1) {
        const db = t.database.db;
        const brand = await insertBrand(db);
        const collection = await insertCollection(db, brand.id);
        const product = await insertProduct(db, brand.id, { collectionId: collection.id, rarity: 'COMMON' });
        const made = await t.app.inject({
          method: 'POST',
          url: '/v1/console/figure-bases',
          headers: bearer(admin.accessToken),
          payload: {
            collectionId: collection.id,
            name: 'Shelf',
            slots: [{ name: 'Left', productId: null, rarity: null }],
          },
        });
        expect(made.statusCode, made.body).toBe(201);
        const base = made.json().data as { id: string; slots: { id: string }[] };

        // Both take the product's row (the edit FOR UPDATE, the slot save FOR NO KEY UPDATE as it reads the product):
        // seen both waiting behind the gate's lock on it, they are set off together.
        const [slotSave, productEdit] = await raceThroughGate(
          t.database.pool!.options.connectionString!,
          [{ text: 'select 1 from products where id = $1 for update', values: [product.id] }],
          2,
          () =>
            Promise.all([
              t.app.inject({
                method: 'PATCH',
                url: `/v1/console/figure-bases/${base.id}`,
                headers: bearer(admin.accessToken),
                payload: {
                  slots: [
                    { id: base.slots[0]!.id, name: 'Left', productId: null, rarity: null },
                    { name: 'Centre', productId: product.id, rarity: 'COMMON' },
                  ],
                },
              }),
              t.app.inject({
                method: 'PATCH',
                url: `/v1/console/products/${product.id}`,
                headers: bearer(admin.accessToken),
                payload: { rarity: 'EPIC' },
              }),
            ]),
        );
        const codes = [slotSave, productEdit].map((answer) =>
          answer.statusCode < 300 ? answer.statusCode : answer.json().code,
        );
        expect([
          [200, 'FIGURE_BASE_SLOT_ASKS_FOR_PRODUCT'],
          ['FIGURE_BASE_SLOT_CANNOT_BE_FILLED', 200],
        ]).toContainEqual(codes);
        const [state] = await queryRows<{ rarity: string; asked: string | null }>(
          db,
          sql`select p.rarity, s.rarity as asked from products p
            left join figure_base_slots s on s.product_id = p.id where p.id = ${product.id}`,
        );
        expect(state!.asked === null || state!.asked === state!.rarity, JSON.stringify(state)).toBe(true);
      }
    },
  );
});
