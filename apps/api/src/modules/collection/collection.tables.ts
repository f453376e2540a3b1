import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editionTypes, type TEditionType } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { products } from '../catalog/catalog.tables.ts';
import { packs } from '../drops/drops.tables.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * One numbered edition of a product ("#12 / 500"). Drops create them at publication, inside their packs; the owner is
 * set when its pack is opened (until then the pack's owner holds it). The collection issue adds the chain registry
 * (contract address, token id), traits and history to this table.
 */
export const editions = pgTable(
  'editions',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    serialNumber: integer('serial_number').notNull(),
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'restrict' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    type: text('type').$type<TEditionType>().notNull().default('STANDARD'),
    resourceUri: text('resource_uri'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('editions_product_serial_key').on(table.productId, table.serialNumber),
    index('editions_pack_idx').on(table.packId),
    index('editions_owner_idx')
      .on(table.ownerUserId)
      .where(sql`${table.ownerUserId} is not null`),
    check('editions_type_check', isOneOf(table.type, editionTypes)),
    check('editions_serial_check', sql`${table.serialNumber} > 0`),
  ],
);
export type TEditionRow = typeof editions.$inferSelect;
