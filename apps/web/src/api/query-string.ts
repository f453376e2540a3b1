/**
 * Query strings for the API (spec section 7): null and undefined are skipped, arrays are indexed
 * (`tags[0]=a&tags[1]=b`), objects nest (`filter[brand]=x`). Keys and values are percent-encoded except the
 * index brackets, which stay literal so URLs read the way the API documents them.
 */
type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryParams;
export interface QueryParams {
  [key: string]: QueryValue;
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function collectPairs(key: string, value: QueryValue, pairs: string[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectPairs(`${key}[${index}]`, item, pairs));
  } else if (value instanceof Date) {
    pairs.push(`${encodeKey(key)}=${encodeURIComponent(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [childKey, child] of Object.entries(value)) collectPairs(`${key}[${childKey}]`, child, pairs);
  } else {
    pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
  }
}

/** `{ page: 1, tags: ['a', 'b'] }` -> `page=1&tags[0]=a&tags[1]=b` (no leading `?`; empty when nothing is set). */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) collectPairs(key, value, pairs);
  return pairs.join('&');
}
