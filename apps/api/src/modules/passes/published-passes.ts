import type { Db } from '../../db/client.ts';
import { publishedBrandIds } from '../catalog/brand-summaries.ts';
import { passes } from './passes.tables.ts';

/**
 * The brands whose passes the public sees: published ones (all of them that have passes, or the one asked for). A
 * draft brand's passes are the console's alone, as its drops and products are.
 */
export async function publishedBrandIdsOf(db: Db, brandId: string | undefined): Promise<string[]> {
  const ids = brandId ? [brandId] : (await db.selectDistinct({ id: passes.brandId }).from(passes)).map((row) => row.id);
  return [...(await publishedBrandIds(db, ids))];
}
