import { z } from 'zod';
import { formatNumber } from './money-format.ts';

/** Success answers are always `{ data: ... }` (ARCHITECTURE 2b). */
export function ZData<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/**
 * An id: a UUID, in any case (RFC 9562 reads them so, and so does PostgreSQL's uuid type), read in lower case as
 * PostgreSQL answers them, so a module that keys a request's ids by the database's answer finds them (session 79's
 * hunt: a product id in capitals in a drop's contents was a 500). Paths and queries are lowered before validation
 * (http/lower-case-ids.ts); bodies are lowered here, field by field, where an id is expected.
 */
export const ZUuid = z.uuid().toLowerCase();

/** A number as people write one: digits, a sign, a decimal point. */
const decimalNotation = /^-?\d+(\.\d+)?$/;

/** The largest value of a PostgreSQL integer column: a number past it in a request is refused, not sent to the database. */
export const MAX_SQL_INTEGER = 2_147_483_647;

/**
 * A number in a query string or a path, read only in decimal notation. `z.coerce.number()` alone reads text by
 * JavaScript's rules, so `?quantity=0x5` bought 5, `1e1` meant 10 and ` 5` passed; such text is now not a number
 * ("Enter a number.", or the schema's own words), as a typo should be.
 */
export function ZQueryNumber<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && !decimalNotation.test(value) ? Number.NaN : value),
    schema,
  );
}

/** One message for any page number outside the range, a huge one included (it read "numbered from 1" before). */
const pageNumberMessage = `Pages are numbered from 1 to ${MAX_SQL_INTEGER.toLocaleString('en-US')}.`;
const pageSizeMessage = 'Ask for 1 to 100 items a page.';
const ZPageSize = ZQueryNumber(
  z.coerce.number({ error: pageSizeMessage }).int(pageSizeMessage).min(1, pageSizeMessage).max(100, pageSizeMessage),
);

/** `?page=1&size=20`: one pagination shape across the API. */
export const ZPageQuery = z.object({
  page: ZQueryNumber(
    z.coerce
      .number({ error: pageNumberMessage })
      .int(pageNumberMessage)
      .min(1, pageNumberMessage)
      .max(MAX_SQL_INTEGER, pageNumberMessage),
  ).default(1),
  size: ZPageSize.default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}
export type TPage<T> = { items: T[]; page: number; size: number; total: number };

/** `?cursor=&size=` for feeds that grow while read (ARCHITECTURE 2b). */
export const ZCursorQuery = z.object({
  cursor: z.string().max(200).optional(),
  size: ZPageSize.default(20),
});
export type TCursorQuery = z.infer<typeof ZCursorQuery>;

export function ZCursorPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export type TCursorPage<T> = { items: T[]; nextCursor: string | null };

/** Money in JSON: integer minor units, never floats. */
export const ZCurrency = z.enum(['USD', 'CYP']);
export type TCurrency = z.infer<typeof ZCurrency>;
export const ZMoney = z.object({ amount: z.number().int(), currency: ZCurrency });
export type TMoney = z.infer<typeof ZMoney>;
/**
 * A requested amount in cents: any whole number, however large. Its bounds are the API's to tell, in the spec's words
 * (AMOUNT_OUT_OF_BANDWIDTH); `.int()` stops at 2^53 and would answer a larger one with the schema's own "too large".
 */
export const ZRequestedCents = z.number().refine(Number.isInteger, { message: 'Enter a whole number.' });

/**
 * A whole number an operator types, from `min` to `max`: every way it can be wrong (not a number, a fraction, too
 * small, too large) told in one sentence under its field, instead of the schema library's own words.
 */
export function ZWholeNumber(min: number, max: number) {
  const error = `Enter a whole number from ${formatNumber(min)} to ${formatNumber(max)}.`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}
