import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  auditActions,
  auditEntityTypes,
  operatorRoles,
  type TAuditAction,
  type TAuditEntityType,
  type TOperatorRole,
} from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { brands } from '../catalog/catalog.tables.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * Who may use the console. An admin grant has no brand (it covers all of them); a brand manager has one row per
 * brand. The partial unique indexes keep one grant per (user, role, brand) whatever PostgreSQL does with NULLs.
 */
export const operatorGrants = pgTable(
  'operator_grants',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TOperatorRole>().notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('operator_grants_admin_key')
      .on(table.userId)
      .where(sql`${table.role} = 'admin'`),
    uniqueIndex('operator_grants_brand_manager_key')
      .on(table.userId, table.brandId)
      .where(sql`${table.role} = 'brand_manager'`),
    index('operator_grants_brand_idx').on(table.brandId),
    check('operator_grants_role_check', isOneOf(table.role, operatorRoles)),
    check(
      'operator_grants_brand_check',
      sql`(${table.role} = 'admin' and ${table.brandId} is null) or (${table.role} = 'brand_manager' and ${table.brandId} is not null)`,
    ),
  ],
);
export type TOperatorGrantRow = typeof operatorGrants.$inferSelect;

/**
 * Every console change, written in the same transaction as the change itself, so the log never misses one and never
 * records one that rolled back. `before`/`after` hold the entity as the API showed it (null before a create and after a deletion; a revoke of an operator's role leaves null, a redeem batch's revoke its
 * `revokedAt`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** Null when the change came from the command line (`npm run console`), or once the account is deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<TAuditAction>().notNull(),
    entityType: text('entity_type').$type<TAuditEntityType>().notNull(),
    /** Text, not uuid: uploaded media are named by their storage key. */
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt, table.id),
    index('audit_log_entity_created_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_log_actor_created_idx').on(table.actorUserId, table.createdAt),
    check('audit_log_action_check', isOneOf(table.action, auditActions)),
    check('audit_log_entity_type_check', isOneOf(table.entityType, auditEntityTypes)),
  ],
);
export type TAuditLogRow = typeof auditLog.$inferSelect;
