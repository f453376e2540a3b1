import type { z } from 'zod';
import { catalogReadCache } from '../../../api/catalog-freshness.ts';
import { apiRequest } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';

/**
 * A public catalogue read, checked against its contract schema. Public answers are cached by the browser for a
 * minute; right after a console change in this tab they are revalidated instead (catalog-freshness.ts).
 */
export async function getCatalog<TSchema extends z.ZodType>(
  schema: TSchema,
  path: string,
  query: QueryParams | undefined,
  signal: AbortSignal | undefined,
): Promise<z.output<TSchema>> {
  return schema.parse(await apiRequest('GET', path, { query, signal, cache: catalogReadCache() }));
}

/** Drops empty filters, so `?q=` and an unset select neither reach the API nor split the cache. */
export function withoutEmpty<T extends Record<string, unknown>>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}
