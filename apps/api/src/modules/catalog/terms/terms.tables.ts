import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { termsTypes, type TTermsSection, type TTermsType } from '@cypher/contract';
import { isOneOf } from '../../../db/checks.ts';
import { timestamptz } from '../../../db/columns.ts';

/**
 * Every version of every legal document, kept: what someone agreed to on a given day can always be shown again. A new
 * version is a new row with its own effective date, published ahead of time; readers get the newest one in effect.
 */
export const termsDocuments = pgTable(
  'terms_documents',
  {
    id: uuid('id').primaryKey(),
    type: text('type').$type<TTermsType>().notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    effectiveAt: timestamptz('effective_at').notNull(),
    sections: jsonb('sections').$type<TTermsSection[]>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('terms_documents_type_version_key').on(table.type, table.version),
    index('terms_documents_type_effective_idx').on(table.type, table.effectiveAt),
    check('terms_documents_type_check', isOneOf(table.type, termsTypes)),
  ],
);
