import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZName } from './catalog-requests.ts';
import { ZPageQuery } from './envelope.ts';
import { ZGrant, ZGrantRequest } from './grants.ts';

/**
 * Airdrops (spec section 4; issue 20): the console gives a grant to a list of people or to the holders of a pass.
 * Each recipient receives it once, with a notification; a job delivers it in batches, and the console reads the
 * progress.
 */

/** People one listed airdrop may name (a request body stays under the API's 1 MiB). */
export const MAX_AIRDROP_LIST = 20_000;

export const airdropMessages = {
  list: `Name from 1 to ${MAX_AIRDROP_LIST.toLocaleString('en-US')} people, by email address or user id.`,
} as const;

export const ZAirdropAudienceRequest = z.discriminatedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('PEOPLE'),
      emails: z.array(ZEmail).max(MAX_AIRDROP_LIST, { error: airdropMessages.list }).default([]),
      userIds: z.array(z.uuid()).max(MAX_AIRDROP_LIST, { error: airdropMessages.list }).default([]),
    })
    .refine(
      (audience) =>
        audience.emails.length + audience.userIds.length >= 1 &&
        audience.emails.length + audience.userIds.length <= MAX_AIRDROP_LIST,
      { error: airdropMessages.list, path: ['emails'] },
    ),
  /** Everyone holding a unit of the pass when the airdrop is made. */
  z.strictObject({ kind: z.literal('PASS_HOLDERS'), passId: z.uuid() }),
]);
export type TAirdropAudienceRequest = z.infer<typeof ZAirdropAudienceRequest>;

/** `POST /v1/console/airdrops`. */
export const ZAirdropRequest = z.strictObject({
  name: ZName,
  grant: ZGrantRequest,
  audience: ZAirdropAudienceRequest,
});
export type TAirdropRequest = z.infer<typeof ZAirdropRequest>;

/** QUEUED: made, waiting for the job. RUNNING: being delivered. COMPLETED: every recipient was reached. */
export const airdropStatuses = ['QUEUED', 'RUNNING', 'COMPLETED'] as const;
export type TAirdropStatus = (typeof airdropStatuses)[number];

export const ZConsoleAirdrop = z.object({
  id: z.uuid(),
  name: z.string(),
  grant: ZGrant,
  audience: z.object({
    kind: z.enum(['PEOPLE', 'PASS_HOLDERS']),
    pass: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  }),
  status: z.enum(airdropStatuses),
  /** Recipients in all; delivered; not reached because the pass's or the pool's supply ran out; still to do. */
  progress: z.object({
    total: z.number().int(),
    delivered: z.number().int(),
    outOfStock: z.number().int(),
    pending: z.number().int(),
  }),
  createdBy: z.object({ id: z.uuid(), email: z.string(), nickname: z.string().nullable() }).nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type TConsoleAirdrop = z.infer<typeof ZConsoleAirdrop>;

export const ZConsoleAirdropListQuery = ZPageQuery;
