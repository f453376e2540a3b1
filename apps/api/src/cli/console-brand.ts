// The brand an operator names to `npm run console` (console.ts), and the error that command prints with its usage.
import type { Db } from '../db/client.ts';
import { findBrandNamedNow } from '../modules/catalog/find-brand-named-now.ts';

export class UsageError extends Error {}

/**
 * A brand by its id or the slug it goes by now. Not by a slug it went by before: those are for old public links
 * (get-brand.ts), and an operator granting or revoking rights names the brand as it is now, so a slug given up (and
 * free for another brand to take) never decides who manages what. Naming one says which slug to use.
 */
export async function brandIdNamedNow(db: Db, brand: string): Promise<string> {
  const found = await findBrandNamedNow(db, brand);
  if (found?.isCurrent) return found.id;
  if (found) {
    throw new UsageError(
      `No brand goes by "${brand}" now: ${found.name} went by it before and is "${found.slug}" now. ` +
        `Name the brand as it is now (its slug or id).`,
    );
  }
  throw new UsageError(`No brand "${brand}".`);
}
