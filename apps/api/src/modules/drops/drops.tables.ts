import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands, products } from '../catalog/catalog.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { users } from '../users/users.tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A drop: scheduled times, artwork, and (once published) its provenance. `seed` is the secret that fixed the packs'
 * contents; it is shown to nobody until the drop completes, when it proves the `commitment` published with the drop.
 */
export const drops = pgTable(
  'drops',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url').notNull(),
    visibleAt: timestamptz('visible_at').notNull(),
    dropBeginAt: timestamptz('drop_begin_at').notNull(),
    dropEndAt: timestamptz('drop_end_at').notNull(),
    editionsPerPack: integer('editions_per_pack').notNull(),
    publicationStatus: text('publication_status').$type<'DRAFT' | 'PUBLISHED'>().notNull().default('DRAFT'),
    commitment: text('commitment'),
    seed: text('seed'),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('drops_published_begin_idx').on(table.publicationStatus, table.dropBeginAt, table.id),
    index('drops_brand_idx').on(table.brandId),
    check('drops_publication_status_check', sql`${table.publicationStatus} in ('DRAFT', 'PUBLISHED')`),
    check('drops_times_check', sql`${table.visibleAt} <= ${table.dropBeginAt} and ${table.dropBeginAt} < ${table.dropEndAt}`),
    check(
      'drops_provenance_check',
      sql`(${table.publicationStatus} = 'PUBLISHED') = (${table.commitment} is not null and ${table.seed} is not null)`,
    ),
  ],
);
export type TDropRow = typeof drops.$inferSelect;

/** Which products a drop's packs hold and how many editions of each; serials are fixed at publication. */
export const dropContents = pgTable(
  'drop_contents',
  {
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    editionCount: integer('edition_count').notNull(),
    firstSerialNumber: integer('first_serial_number'),
  },
  (table) => [
    primaryKey({ name: 'drop_contents_pkey', columns: [table.dropId, table.productId] }),
    check('drop_contents_count_check', sql`${table.editionCount} > 0`),
  ],
);

/** Spec section 3's sale policy: one round, its price, its per-person limit and its range of pack numbers. */
export const salePolicies = pgTable(
  'sale_policies',
  {
    id: uuid('id').primaryKey(),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    saleBeginAt: timestamptz('sale_begin_at').notNull(),
    saleEndAt: timestamptz('sale_end_at').notNull(),
    /** USD cents per pack. */
    price: bigint('price', { mode: 'number' }).notNull(),
    perPersonLimit: integer('per_person_limit'),
    beginIssuedPackNumber: integer('begin_issued_pack_number').notNull(),
    endIssuedPackNumber: integer('end_issued_pack_number').notNull(),
    /** null: the round is open to everyone; else only to the emails of sale_policy_whitelist. */
    whitelistName: text('whitelist_name'),
  },
  (table) => [
    uniqueIndex('sale_policies_drop_round_key').on(table.dropId, table.round),
    check('sale_policies_price_check', sql`${table.price} > 0`),
    check('sale_policies_range_check', sql`${table.beginIssuedPackNumber} <= ${table.endIssuedPackNumber}`),
    check('sale_policies_times_check', sql`${table.saleBeginAt} < ${table.saleEndAt}`),
  ],
);
export type TSalePolicyRow = typeof salePolicies.$inferSelect;

/** A round's whitelist by email, so people who sign up after the list was made are on it too. */
export const salePolicyWhitelist = pgTable(
  'sale_policy_whitelist',
  {
    policyId: uuid('policy_id')
      .notNull()
      .references(() => salePolicies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (table) => [primaryKey({ name: 'sale_policy_whitelist_pkey', columns: [table.policyId, table.email] })],
);

/**
 * A numbered pack of a round, created with its editions when the drop is published. A purchase claims packs by
 * setting `order_id` on rows that have none (FOR UPDATE SKIP LOCKED, so buyers never queue on each other), and a
 * timed-out order sets it back; so a round's sold count is derived from these rows, never kept in a counter row.
 */
export const packs = pgTable(
  'packs',
  {
    id: uuid('id').primaryKey(),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => drops.id, { onDelete: 'restrict' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => salePolicies.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** Set when the order succeeds (a held pack has an order but no owner yet). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    claimedAt: timestamptz('claimed_at'),
    openedAt: timestamptz('opened_at'),
  },
  (table) => [
    uniqueIndex('packs_drop_number_key').on(table.dropId, table.number),
    // The claim's index: a round's unclaimed packs in number order, and nothing else.
    index('packs_unclaimed_idx')
      .on(table.policyId, table.number)
      .where(sql`${table.orderId} is null`),
    index('packs_order_idx').on(table.orderId),
    index('packs_owner_idx')
      .on(table.ownerUserId, table.claimedAt)
      .where(sql`${table.ownerUserId} is not null`),
    check('packs_owner_check', sql`${table.ownerUserId} is null or ${table.orderId} is not null`),
  ],
);
export type TPackRow = typeof packs.$inferSelect;
