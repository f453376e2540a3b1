import { and, desc, eq, lte } from 'drizzle-orm';
import { ZTermsType, type TTermsDocument } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { termsDocuments } from './terms.tables.ts';

/** Documents are written once for any brand; `{{brand}}` becomes this install's BRAND_NAME as they are served. */
function withBrand(text: string, brandName: string): string {
  return text.replaceAll('{{brand}}', brandName);
}

/** GET /v1/terms/{type}: the newest version already in effect; versions published for a later date wait. */
export async function getTerms(db: Db, type: string, now: Date, brandName: string): Promise<TTermsDocument> {
  const parsed = ZTermsType.safeParse(type);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  const [document] = await db
    .select()
    .from(termsDocuments)
    .where(and(eq(termsDocuments.type, parsed.data), lte(termsDocuments.effectiveAt, now)))
    .orderBy(desc(termsDocuments.effectiveAt), desc(termsDocuments.createdAt))
    .limit(1);
  if (!document) throw new AppError('NOT_FOUND');
  return {
    type: document.type,
    title: withBrand(document.title, brandName),
    version: document.version,
    effectiveAt: document.effectiveAt.toISOString(),
    sections: document.sections.map((section) => ({
      id: section.id,
      title: withBrand(section.title, brandName),
      body: withBrand(section.body, brandName),
    })),
  };
}
