import { z } from 'zod';

const ZUuid = z.uuid();

export function isUuid(value: string): boolean {
  return ZUuid.safeParse(value).success;
}

/** Path parameter for entries that are found by id or by slug. */
export const ZIdOrSlug = z.string().trim().min(1).max(100);
