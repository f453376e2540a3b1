import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { dropPublicationStatuses, type TDropPublicationStatus, type TPackClaimKind } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { brands, products } from '../catalog/catalog.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { passes } from '../passes/passes.tables.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * A drop: scheduled times, artwork, and (once published) its provenance. `seed` is the secret that fixes the packs'
 * contents, stored encrypted (provenance-seed-cipher.ts: `v1.<iv>.<tag>.<ciphertext>`); it is shown to nobody until
 * the drop completes, when it proves the `commitment` published with the drop.
 *
 * Publication (decision record 0022): DRAFT -> PUBLISHING (serial runs, seed; `packs_written` 0) -> PUBLISHED (every
 * pack written, commitment fixed). Only PUBLISHED drops are on sale or shown to anyone but operators.
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
    publicationStatus: text('publication_status').$type<TDropPublicationStatus>().notNull().default('DRAFT'),
    commitment: text('commitment'),
    seed: text('seed'),
    /** Packs written so far (numbers 1..packs_written, with their editions); null for a draft. */
    packsWritten: integer('packs_written'),
    publishedAt: timestamptz('published_at'),
    /**
     * When the seed, every pack's contents and the claim log became public: after dropEndAt, and only once no order of
     * the drop was waiting for a payment (reveal-drop.ts), so nobody holding packs can read them and then decide to pay.
     */
    revealedAt: timestamptz('revealed_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('drops_published_begin_idx').on(table.publicationStatus, table.dropBeginAt, table.id),
    index('drops_brand_idx').on(table.brandId),
    check('drops_publication_status_check', isOneOf(table.publicationStatus, dropPublicationStatuses)),
    check(
      'drops_times_check',
      sql`${table.visibleAt} <= ${table.dropBeginAt} and ${table.dropBeginAt} < ${table.dropEndAt}`,
    ),
    // A draft has no seed, no commitment and no progress; a publication has its seed and progress from the start and
    // its commitment from the first batch of packs; a published drop has all three.
    check(
      'drops_provenance_check',
      sql`case ${table.publicationStatus}
            when 'DRAFT' then ${table.seed} is null and ${table.commitment} is null and ${table.packsWritten} is null
            when 'PUBLISHING' then ${table.seed} is not null and ${table.packsWritten} is not null
            else ${table.seed} is not null and ${table.commitment} is not null and ${table.packsWritten} is not null
          end`,
    ),
    check('drops_packs_written_check', sql`${table.packsWritten} >= 0`),
  ],
);
export type TDropRow = typeof drops.$inferSelect;

/**
 * Which products a drop's packs hold and how many editions of each. `first_serial_number` is set when publication
 * starts: from then on the run first..first+count-1 is this drop's, whether its editions are written yet or not.
 */
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
    // A publication reads the runs other drops reserved of its products (drop-products.ts).
    index('drop_contents_product_idx').on(table.productId),
    check('drop_contents_count_check', sql`${table.editionCount} > 0`),
  ],
);

/**
 * Spec section 3's sale policy: one round, its price, its per-person limit and its range of pack numbers. A drop may
 * also have one gift round (`is_gift_round`, decision record 36): packs set aside for giveaways, numbered after the
 * sale rounds' and written at publication like theirs, never on sale. It has no price (0), limit, whitelist or pass;
 * its times are the drop's visibility to its end (gifts are given while the drop has not ended). Every reader of the
 * sale (spec section 4's rounds, counts and sold-out state) leaves it out.
 */
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
    /** Holders only (issue 18): only people holding this pass, valid at the time of purchase, may buy in the round. */
    requiredPassId: uuid('required_pass_id').references((): AnyPgColumn => passes.id, { onDelete: 'restrict' }),
    /**
     * Guaranteed packs for holders of this pass (decision record 29), in a round open to everyone: the round's first
     * `guaranteed_pack_count` pack numbers (the pass's supply times `packs_per_holder`, fixed when the draft is written)
     * are held back for holders until `guarantee_minutes` after the opening. All four or none.
     */
    guaranteePassId: uuid('guarantee_pass_id').references((): AnyPgColumn => passes.id, { onDelete: 'restrict' }),
    packsPerHolder: integer('packs_per_holder'),
    guaranteeMinutes: integer('guarantee_minutes'),
    guaranteedPackCount: integer('guaranteed_pack_count'),
    /** The drop's gift round: its packs are given by grants (a GIFT order each), never sold. */
    isGiftRound: boolean('is_gift_round').notNull().default(false),
  },
  (table) => [
    uniqueIndex('sale_policies_drop_round_key').on(table.dropId, table.round),
    // One gift round per drop: a grant names it, and the drop page says how many of its packs were given.
    uniqueIndex('sale_policies_gift_round_key')
      .on(table.dropId)
      .where(sql`${table.isGiftRound}`),
    check('sale_policies_price_check', sql`${table.price} > 0 or (${table.isGiftRound} and ${table.price} = 0)`),
    check(
      'sale_policies_gift_round_check',
      sql`not ${table.isGiftRound} or (${table.perPersonLimit} is null and ${table.whitelistName} is null
            and ${table.requiredPassId} is null and ${table.guaranteePassId} is null)`,
    ),
    check('sale_policies_range_check', sql`${table.beginIssuedPackNumber} <= ${table.endIssuedPackNumber}`),
    check('sale_policies_times_check', sql`${table.saleBeginAt} < ${table.saleEndAt}`),
    check(
      'sale_policies_guarantee_check',
      sql`case when ${table.guaranteePassId} is null
            then ${table.packsPerHolder} is null and ${table.guaranteeMinutes} is null
                 and ${table.guaranteedPackCount} is null
            else ${table.requiredPassId} is null and ${table.packsPerHolder} >= 1 and ${table.guaranteeMinutes} >= 1
                 and ${table.guaranteedPackCount} between 1
                   and ${table.endIssuedPackNumber} - ${table.beginIssuedPackNumber} + 1
          end`,
    ),
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
    // Packs held for a card or Tilia payment: whether a sold-out round may still get some back (pack-claims.ts).
    index('packs_held_idx')
      .on(table.policyId)
      .where(sql`${table.orderId} is not null and ${table.ownerUserId} is null`),
    check('packs_owner_check', sql`${table.ownerUserId} is null or ${table.orderId} is not null`),
  ],
);
export type TPackRow = typeof packs.$inferSelect;

/**
 * The drop's claim log (decision record 23): one row each time an order claims a pack (a balance purchase, a card or
 * Tilia hold) and each time a held pack goes back on sale. Append-only: rows are inserted with the claim, in the same
 * statement, and never changed, except that sealing gives each row, once, its place in the drop's hash chain
 * (`position` from 1, `chain_hash`). `buyer_hash` is sha256 of the order's secret `buyer_salt` and the buyer's id, so
 * the buyer can find themself in the log and nobody else can. No foreign keys: a purchase must not take a shared lock
 * on the drop's row (every buyer of the drop would queue on it).
 */
export const packClaimLog = pgTable(
  'pack_claim_log',
  {
    id: uuid('id').primaryKey(),
    dropId: uuid('drop_id').notNull(),
    kind: text('kind').$type<TPackClaimKind>().notNull(),
    packNumber: integer('pack_number').notNull(),
    orderId: uuid('order_id').notNull(),
    buyerHash: text('buyer_hash').notNull(),
    at: timestamptz('at').notNull(),
    position: integer('position'),
    chainHash: text('chain_hash'),
  },
  (table) => [
    uniqueIndex('pack_claim_log_position_key').on(table.dropId, table.position),
    index('pack_claim_log_unsealed_idx')
      .on(table.dropId, table.at, table.id)
      .where(sql`${table.position} is null`),
    index('pack_claim_log_order_idx').on(table.orderId),
    check('pack_claim_log_kind_check', sql`${table.kind} in ('CLAIMED', 'RELEASED')`),
    check('pack_claim_log_sealed_check', sql`(${table.position} is null) = (${table.chainHash} is null)`),
  ],
);
