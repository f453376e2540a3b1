import { z } from 'zod';

// The ids the API's list queries take (z.uuid() there too).
const ZId = z.uuid();

/**
 * An id from the address if it is one the API would take, else undefined: a mangled or hand-edited link (`?brand=abc`,
 * one cut short when shared) drops the filter instead of sending a request the API refuses on every retry.
 */
export function idOrUndefined(value: string | undefined): string | undefined {
  return ZId.safeParse(value).success ? value : undefined;
}
