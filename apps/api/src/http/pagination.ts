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
