import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TGrantRequest } from '@cypher/contract';
import { timestamptz } from '../../db/columns.ts';
import { brands } from '../catalog/catalog.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A batch of redeem codes (issue 20, decision record 31): what each code grants, how many codes, how many uses each
 * allows in total and per person, and when they are valid. `brand_id` is the brand of what it grants (null for the
 * marketplace's own: credit, brandless tickets), which decides who may see it in the console. `revoked_at` withdraws
 * every code of the batch at once (leaked codes, say).
 */
export const redeemBatches = pgTable(
  'redeem_batches',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    grant: jsonb('grant').$type<TGrantRequest>().notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    codeCount: integer('code_count').notNull(),
    usesPerCode: integer('uses_per_code').notNull(),
    usesPerPerson: integer('uses_per_person').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    /** Set once, when an operator revokes the batch (revoke-redeem-batch.ts): its codes redeem nothing after that. */
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    index('redeem_batches_created_idx').on(table.createdAt, table.id),
    check(
      'redeem_batches_counts_check',
      sql`${table.codeCount} > 0 and ${table.usesPerPerson} between 1 and ${table.usesPerCode}`,
    ),
    check('redeem_batches_validity_check', sql`${table.validFrom} < ${table.validUntil}`),
  ],
);
export type TRedeemBatchRow = typeof redeemBatches.$inferSelect;

/**
 * One code of a batch, kept only as the SHA-256 of its normalized text (`code_hash`): the database alone gives no code
 * away. The code itself is derived again from the server's secret, the batch and `number` whenever it is exported.
 * `use_count` is this code's own counter, raised by a conditional update (`use_count < max_uses`) whose row count
 * decides, so a code is used exactly `max_uses` times however many try at once; a batch has no counter of its own
 * (its totals are summed), so codes of one batch never queue on one row.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => redeemBatches.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    codeHash: text('code_hash').notNull(),
    maxUses: integer('max_uses').notNull(),
    useCount: integer('use_count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('redeem_codes_hash_key').on(table.codeHash),
    uniqueIndex('redeem_codes_batch_number_key').on(table.batchId, table.number),
    check('redeem_codes_use_count_check', sql`${table.useCount} between 0 and ${table.maxUses}`),
  ],
);
export type TRedeemCodeRow = typeof redeemCodes.$inferSelect;

/**
 * One use of a code by a person. `ordinal` counts the person's uses of that code (1, 2, ...); (code, person, ordinal)
 * is unique, the database's own guard on the per-person limit behind the count made under the code's row lock.
 */
export const redeemUses = pgTable(
  'redeem_uses',
  {
    id: uuid('id').primaryKey(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => redeemCodes.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ordinal: integer('ordinal').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('redeem_uses_person_key').on(table.codeId, table.userId, table.ordinal),
    index('redeem_uses_user_idx').on(table.userId, table.createdAt),
  ],
);
export type TRedeemUseRow = typeof redeemUses.$inferSelect;
