import type { Db } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { cookiePolicy } from './bundled/cookie-policy.ts';
import { marketingTerms } from './bundled/marketing-terms.ts';
import { privacyPolicy } from './bundled/privacy-policy.ts';
import { termsOfService } from './bundled/terms-of-service.ts';
import { termsDocuments } from './terms.tables.ts';

const bundledTerms = [termsOfService, privacyPolicy, cookiePolicy, marketingTerms];

/**
 * Writes the documents that ship with this release, in every environment (they are content, not demo data): a
 * version already there is left as it is, so a restart changes nothing and a new release adds only its new versions.
 */
export async function publishBundledTerms(db: Db, now: Date): Promise<void> {
  await db
    .insert(termsDocuments)
    .values(bundledTerms.map((document) => ({ id: newId(), ...document, createdAt: now })))
    .onConflictDoNothing({ target: [termsDocuments.type, termsDocuments.version] });
}
