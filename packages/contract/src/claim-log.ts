import { z } from 'zod';
import { MAX_SQL_INTEGER, ZQueryNumber, ZUuid } from './envelope.ts';
import { packClaimKinds, type TClaimLogEntry, type TClaimLogHead } from './claim-log-rules.ts';

/**
 * The schemas of a drop's claim log (decision record 23). Its rules (the line, the chain, the buyer hash, the check)
 * and its types live in claim-log-rules.ts, without zod, so the public provenance page can check a log without
 * loading zod (decision record 20).
 */

export const ZClaimLogEntry = z.object({
  position: z.number().int().positive(),
  kind: z.enum(packClaimKinds),
  packNumber: z.number().int().positive(),
  orderId: ZUuid,
  buyerHash: z.string(),
  at: z.iso.datetime(),
  chainHash: z.string(),
}) satisfies z.ZodType<TClaimLogEntry>;

export const ZClaimLogHead = z.object({
  length: z.number().int().nonnegative(),
  chainHash: z.string(),
}) satisfies z.ZodType<TClaimLogHead>;

/** `GET /v1/drops/{id}/claim-log`: the head at once; a page of entries once the drop is revealed. */
export const ZClaimLog = z.object({
  dropId: ZUuid,
  head: ZClaimLogHead,
  isRevealed: z.boolean(),
  /** Entries from `after` + 1 on, in position order; null until the reveal. */
  entries: z.array(ZClaimLogEntry).nullable(),
  /** The position to ask `after` next; null at the end (or before the reveal). */
  nextAfter: z.number().int().nullable(),
});
export type TClaimLog = z.infer<typeof ZClaimLog>;

export const ZClaimLogQuery = z.object({
  // Claims and releases are both logged, so a popular drop's log outgrows its packs; a position is a PostgreSQL integer.
  after: ZQueryNumber(z.coerce.number().int().min(0).max(MAX_SQL_INTEGER)).default(0),
  size: ZQueryNumber(z.coerce.number().int().min(1).max(5_000)).default(1_000),
});
export type TClaimLogQuery = z.infer<typeof ZClaimLogQuery>;
