import { fusionStatuses, type TFusionStatus } from '@cypher/contract';
import { idOrUndefined } from '../../lib/address-id.ts';
import { oneOf } from '../../lib/use-url-filters.ts';
import type { TFusionListParams } from './api/list-fusions.ts';

/**
 * The fusions page's filters as they live in the address: `?brand=…&category=…&status=available`, the status in lower
 * case. A value that is not a valid choice is ignored rather than sent to the API.
 */
export interface TFusionFilterValues {
  brand?: string;
  category?: string;
  status?: TFusionStatus;
}

export function readFusionFilters(get: (key: string) => string | undefined): TFusionFilterValues {
  return {
    brand: idOrUndefined(get('brand')),
    category: idOrUndefined(get('category')),
    status: oneOf(get('status')?.toUpperCase(), fusionStatuses),
  };
}

export function toFusionQuery(filters: TFusionFilterValues, page: number, size: number): TFusionListParams {
  return { brandId: filters.brand, categoryId: filters.category, status: filters.status, page, size };
}

export function hasFusionFilters(filters: TFusionFilterValues): boolean {
  return Boolean(filters.brand || filters.category || filters.status);
}

/** Every filter off, as address changes. */
export const clearedFusionFilters = { brand: undefined, category: undefined, status: undefined };
