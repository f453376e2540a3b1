import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  collectedEditionStates,
  editionStates,
  editionTypes,
  favoriteTargetTypes,
  rarities,
  type TEditionState,
  type TRarity,
  type TEditionType,
  type TFavoriteTargetType,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { brands, collections, products } from '../catalog/catalog.tables.ts';
import { packs } from '../drops/drops.tables.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * The custodial registry's contracts: one per collection (or per brand, for a product outside any collection), its
 * address derived from that key (custodialContractAddress), and the next token id it issues. Publishing a drop claims
 * a run of token ids per contract in one conditional update per batch of editions, never one per purchase.
 */
export const chainContracts = pgTable(
  'chain_contracts',
  {
    address: text('address').primaryKey(),
    /** `collection:<id>` or `brand:<id>`. */
    registryKey: text('registry_key').notNull(),
    nextTokenId: bigint('next_token_id', { mode: 'number' }).notNull().default(1),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('chain_contracts_registry_key_key').on(table.registryKey),
    check('chain_contracts_next_token_check', sql`${table.nextTokenId} > 0`),
  ],
);

/**
 * One numbered edition of a product ("#12 / 500") and its token: a contract address and token id from the custodial
 * registry, minted at the drop's publication inside its pack. `state` moves only along the contract's editionMoves;
 * the owner is set when its pack is opened (until then the pack's owner holds it). `brand_id` and `collection_id` are
 * the product's, copied when the edition is minted and never changed, so a collection groups by brand without reading
 * the catalogue's tables (decision record 24).
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
    state: text('state').$type<TEditionState>().notNull().default('IN_PACK'),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'restrict' }),
    contractAddress: text('contract_address')
      .notNull()
      .references(() => chainContracts.address, { onDelete: 'restrict' }),
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    /** The product's rarity, copied at minting like brand and collection: My Collection filters and sorts by it. */
    rarity: text('rarity').$type<TRarity>().notNull(),
    /** COMMON 1 ... LEGENDARY 4, so `sort=rarity` follows rarity rather than the alphabet. */
    rarityRank: smallint('rarity_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`case rarity when 'COMMON' then 1 when 'RARE' then 2 when 'EPIC' then 3 when 'LEGENDARY' then 4 end`,
      ),
    /** When it came into its owner's collection (its pack opened, a purchase): "newest" in My Collection. */
    acquiredAt: timestamptz('acquired_at'),
    /**
     * The time of the owner's last move of it (lock, unlock, export, equip, unequip, burn) in its history: the next
     * move is dated after it, so the history reads in the order the moves happened even when a request that arrived
     * first waited for the row and moved second (moveEdition).
     */
    movedAt: timestamptz('moved_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('editions_product_serial_key').on(table.productId, table.serialNumber),
    index('editions_pack_idx').on(table.packId),
    uniqueIndex('editions_contract_token_key').on(table.contractAddress, table.tokenId),
    // My Collection's pages, one index per sort, each in the page's own order (brand ascending, then the sort's
    // direction) so a page reads its 24 entries and stops, and only over what collections hold: editions still in
    // packs, exported or burned are not in them (the `collection` bench). Brand counts come from collection_brand_counts.
    index('editions_collected_newest_idx')
      .on(table.ownerUserId, table.brandId, table.acquiredAt.desc(), table.id.desc())
      .where(isOneOf(table.state, collectedEditionStates)),
    index('editions_collected_rarity_idx')
      .on(table.ownerUserId, table.brandId, table.rarityRank.desc(), table.acquiredAt.desc(), table.id.desc())
      .where(isOneOf(table.state, collectedEditionStates)),
    // By serial number: the lowest numbers first (every #1 of a brand, then its #2s), products in a fixed order among
    // equal numbers.
    index('editions_collected_serial_idx')
      .on(table.ownerUserId, table.brandId, table.serialNumber, table.productId)
      .where(isOneOf(table.state, collectedEditionStates)),
    check('editions_type_check', isOneOf(table.type, editionTypes)),
    check('editions_state_check', isOneOf(table.state, editionStates)),
    check('editions_rarity_check', isOneOf(table.rarity, rarities)),
    check('editions_serial_check', sql`${table.serialNumber} > 0`),
  ],
);
export type TEditionRow = typeof editions.$inferSelect;

/**
 * How many editions each collector holds per brand (the collected states), for My Collection's brand chips and its
 * total: read by the owner's key, so a page costs O(brands) and not O(editions held). Kept by a statement-level trigger
 * on `editions` (migration 0034, `editions_keep_brand_counts`) from the rows each statement changed, so no write path
 * (an opening, a move, a burn, a grant, an export, one added later) can forget it; the `collection` bench and
 * collection-brand-counts.test.ts compare it with a count of the editions after every kind of move. A row at zero
 * stays (a collector who gives every edition of a brand away); readers skip it.
 */
export const collectionBrandCounts = pgTable(
  'collection_brand_counts',
  {
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    editionCount: integer('edition_count').notNull(),
  },
  // No CHECK (count >= 0): an upsert's proposed row carries the statement's change, which may be negative, and
  // PostgreSQL checks the proposed row before it finds the conflict. The test compares the counts with the editions.
  (table) => [primaryKey({ columns: [table.ownerUserId, table.brandId] })],
);

/**
 * A collector's favorites: a product, or one edition (then `product_id` is its product, so every favorite shows a
 * product without another lookup). Public: another collector's favorites show on their profile.
 */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<TFavoriteTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    editionId: uuid('edition_id').references(() => editions.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetId] }),
    index('favorites_user_created_idx').on(table.userId, table.createdAt, table.targetId),
    check('favorites_target_type_check', isOneOf(table.targetType, favoriteTargetTypes)),
    check(
      'favorites_target_check',
      sql`(${table.targetType} = 'PRODUCT' and ${table.targetId} = ${table.productId} and ${table.editionId} is null)
          or (${table.targetType} = 'EDITION' and ${table.targetId} = ${table.editionId})`,
    ),
  ],
);
export type TFavoriteRow = typeof favorites.$inferSelect;

/**
 * A figure base: a display base of one collection, made by its brand in the console. Collectors see it while its
 * collection is public (the catalogue decides that); `brand_id` is the collection's, copied at creation and never
 * changed (like an edition's), so the list filters by brand without reading the catalogue's tables.
 */
export const figureBases = pgTable(
  'figure_bases',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    imageUrl: text('image_url'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [index('figure_bases_collection_idx').on(table.collectionId, table.createdAt)],
);
export type TFigureBaseRow = typeof figureBases.$inferSelect;

/**
 * A named place on a base, in display order, and what fits it: an edition of the base's collection, narrowed to one
 * product and/or one rarity when these are set.
 */
export const figureBaseSlots = pgTable(
  'figure_base_slots',
  {
    id: uuid('id').primaryKey(),
    figureBaseId: uuid('figure_base_id')
      .notNull()
      .references(() => figureBases.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    rarity: text('rarity').$type<TRarity>(),
  },
  (table) => [
    index('figure_base_slots_base_idx').on(table.figureBaseId, table.position),
    check('figure_base_slots_rarity_check', sql`${table.rarity} is null or ${isOneOf(table.rarity, rarities)}`),
  ],
);
export type TFigureBaseSlotRow = typeof figureBaseSlots.$inferSelect;

/**
 * What stands where: one collector's edition in one slot. The slot is free for each collector (a key on person and
 * slot: two editions racing for it, one gets it), and an edition stands in one place at a time (a key on the
 * edition, besides its EQUIPPED state). Rows come and go with equip and unequip; the history is the edition's.
 */
export const figureBasePlacements = pgTable(
  'figure_base_placements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => figureBaseSlots.id, { onDelete: 'restrict' }),
    figureBaseId: uuid('figure_base_id')
      .notNull()
      .references(() => figureBases.id, { onDelete: 'restrict' }),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    equippedAt: timestamptz('equipped_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.slotId] }),
    uniqueIndex('figure_base_placements_edition_key').on(table.editionId),
    index('figure_base_placements_base_idx').on(table.userId, table.figureBaseId),
    // The console asks whether anyone uses a slot before removing it or changing what fits.
    index('figure_base_placements_slot_idx').on(table.slotId),
  ],
);
