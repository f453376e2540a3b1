import { and, eq } from 'drizzle-orm';
import type { TCollection } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { ownedVisibility, type CatalogScope } from './catalog-scope.ts';
import { collections } from './catalog.tables.ts';
import { selectCollectionRows, toCollectionFromRow } from './collection-query.ts';

export async function getCollection(db: Db, id: string, scope: CatalogScope): Promise<TCollection> {
  const [row] = await selectCollectionRows(db, scope).where(
    and(eq(collections.id, id), ownedVisibility(scope, collections)),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toCollectionFromRow(row);
}
