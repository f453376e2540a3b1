import { catalogReadCache } from '../../../api/catalog-freshness.ts';
import { apiRequest } from '../../../api/client.ts';
import type { QueryParams } from '../../../api/query-string.ts';

/**
 * A public catalogue read, typed by its contract type: the API checked the answer against the same contract schema
 * before sending it, so the browser does not parse it again (docs/decisions/0020). Public answers are cached by the
 * browser for a minute; right after a console change in this tab they are revalidated instead (catalog-freshness.ts).
 */
export function getCatalog<TResponse>(
  path: string,
  query: QueryParams | undefined,
  signal: AbortSignal | undefined,
): Promise<TResponse> {
  return apiRequest<TResponse>('GET', path, { query, signal, cache: catalogReadCache() });
}

/** Drops empty filters, so `?q=` and an unset select neither reach the API nor split the cache. */
export function withoutEmpty<T extends Record<string, unknown>>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}
