import { z } from 'zod';
import type { TPage, TPageQuery } from '@cypher/contract';
import { AppError } from './app-error.ts';

/** `?page=&size=` as LIMIT/OFFSET. */
export function pageWindow(query: TPageQuery): { limit: number; offset: number } {
  return { limit: query.size, offset: (query.page - 1) * query.size };
}

/** The one list shape of ARCHITECTURE 2b: `{ items, page, size, total }`. */
export function toPage<T>(items: T[], query: TPageQuery, total: number): TPage<T> {
  return { items, page: query.page, size: query.size, total };
}

/**
 * Cursors are opaque to clients: base64url of the JSON sort key of the last item answered. Decoding checks the shape
 * so a forged or stale cursor is a 400, never a 500.
 */
/**
 * A time in a cursor: ISO 8601 as the rows' own times are written, from year 1 (PostgreSQL has no year 0, so a forged
 * `0000-…` would otherwise reach the database and be refused there instead of here).
 */
export const ZCursorTime = z.iso.datetime().refine((value) => Number(value.slice(0, 4)) >= 1);

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.infer<T> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) {
    throw new AppError('INVALID_REQUEST', { details: [{ field: 'cursor', message: 'This cursor is not valid.' }] });
  }
  return parsed.data;
}
