import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  fusionRuleKinds,
  publicationStatuses,
  rarities,
  type TFusionRuleKind,
  type TPublicationStatus,
  type TRarity,
} from '@cypher/contract';
import { timestamptz } from '../../db/columns.ts';
import { isOneOf } from '../../db/checks.ts';
import { brands, categories, collections, products } from '../catalog/catalog.tables.ts';
import { users } from '../users/users.tables.ts';

/**
 * A fusion (issue 19): a brand's recipe that burns editions fitting its slots into one new edition of its result
 * product. It is made a draft, which collectors never see (decision record 50); once published, its status follows
 * from the schedule alone (fusionStatusAt). Its results are minted ahead when it is published (`fusion_outputs`), so
 * fusing claims one and never locks the product's row; it holds this row FOR SHARE, so a close waits for it (fuse.ts).
 */
export const fusions = pgTable(
  'fusions',
  {
    id: uuid('id').primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    beginAt: timestamptz('begin_at').notNull(),
    endAt: timestamptz('end_at').notNull(),
    resultProductId: uuid('result_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    resultSupply: integer('result_supply').notNull(),
    /** DRAFT -> PUBLISHED, once (publish-fusion.ts); every collector-facing read asks for PUBLISHED. */
    status: text('status').$type<TPublicationStatus>().notNull().default('DRAFT'),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('fusions_begin_idx').on(table.beginAt, table.id),
    check('fusions_status_check', isOneOf(table.status, publicationStatuses)),
    index('fusions_brand_idx').on(table.brandId, table.beginAt),
    check('fusions_times_check', sql`${table.beginAt} < ${table.endAt}`),
    check('fusions_supply_check', sql`${table.resultSupply} > 0`),
  ],
);
export type TFusionRow = typeof fusions.$inferSelect;

/** A fusion's slot: `required_count` editions of the fusion's brand that match its rule (one rule column set). */
export const fusionSlots = pgTable(
  'fusion_slots',
  {
    id: uuid('id').primaryKey(),
    fusionId: uuid('fusion_id')
      .notNull()
      .references(() => fusions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    requiredCount: integer('required_count').notNull(),
    ruleKind: text('rule_kind').$type<TFusionRuleKind>().notNull(),
    ruleProductId: uuid('rule_product_id').references(() => products.id, { onDelete: 'restrict' }),
    ruleRarity: text('rule_rarity').$type<TRarity>(),
    ruleCollectionId: uuid('rule_collection_id').references(() => collections.id, { onDelete: 'restrict' }),
    ruleTraitType: text('rule_trait_type'),
    ruleTraitValue: text('rule_trait_value'),
  },
  (table) => [
    uniqueIndex('fusion_slots_position_key').on(table.fusionId, table.position),
    check('fusion_slots_kind_check', isOneOf(table.ruleKind, fusionRuleKinds)),
    check('fusion_slots_rarity_check', sql`${table.ruleRarity} is null or ${isOneOf(table.ruleRarity, rarities)}`),
    check('fusion_slots_count_check', sql`${table.requiredCount} >= 1`),
    check(
      'fusion_slots_rule_check',
      sql`case ${table.ruleKind}
            when 'PRODUCT' then ${table.ruleProductId} is not null
            when 'RARITY' then ${table.ruleRarity} is not null
            when 'COLLECTION' then ${table.ruleCollectionId} is not null
            else ${table.ruleTraitType} is not null and ${table.ruleTraitValue} is not null
          end`,
    ),
  ],
);
export type TFusionSlotRow = typeof fusionSlots.$inferSelect;

/**
 * A fusion's results, minted ahead when it is made (one UNISSUED edition each, with its serial number), claimed by a
 * run as packs are by an order: `run_id` set on a row that has none (FOR UPDATE SKIP LOCKED), so the remaining count
 * is derived and no counter row is written by every fusion. `id` is the edition's (no foreign key: the collection
 * module owns editions, and the issue moves them).
 */
export const fusionOutputs = pgTable(
  'fusion_outputs',
  {
    id: uuid('id').primaryKey(),
    fusionId: uuid('fusion_id')
      .notNull()
      .references(() => fusions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    runId: uuid('run_id'),
  },
  (table) => [
    uniqueIndex('fusion_outputs_number_key').on(table.fusionId, table.number),
    index('fusion_outputs_unclaimed_idx')
      .on(table.fusionId, table.number)
      .where(sql`${table.runId} is null`),
  ],
);

/** One fusion a person made: what it burned (fusion_run_materials) and the edition it gave them. */
export const fusionRuns = pgTable(
  'fusion_runs',
  {
    id: uuid('id').primaryKey(),
    fusionId: uuid('fusion_id')
      .notNull()
      .references(() => fusions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    resultEditionId: uuid('result_edition_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('fusion_runs_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('fusion_runs_result_key').on(table.resultEditionId),
  ],
);

/** The editions a run burned, by slot. An edition is burned once, so it appears once (the key). */
export const fusionRunMaterials = pgTable(
  'fusion_run_materials',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => fusionRuns.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => fusionSlots.id, { onDelete: 'restrict' }),
    editionId: uuid('edition_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'fusion_run_materials_pkey', columns: [table.runId, table.editionId] }),
    uniqueIndex('fusion_run_materials_edition_key').on(table.editionId),
  ],
);
