import { z } from 'zod';
import { ZConsoleOperatorRef } from './console.ts';
import { ZEmail } from './auth.ts';
import { ZName } from './catalog-requests.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
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
  /** The same, to a brand's manager, who names people by user id only (RECIPIENT_EMAIL_ADMIN_ONLY). */
  listByUserId: `Name from 1 to ${MAX_AIRDROP_LIST.toLocaleString('en-US')} people, by user id.`,
} as const;

export const ZAirdropAudienceRequest = z.discriminatedUnion('kind', [
  z
    .strictObject({
      kind: z.literal('PEOPLE'),
      /** For an admin only (RECIPIENT_EMAIL_ADMIN_ONLY): whether an address has an account is not a brand's to learn. */
      emails: z.array(ZEmail).max(MAX_AIRDROP_LIST, { error: airdropMessages.list }).default([]),
      userIds: z.array(ZUuid).max(MAX_AIRDROP_LIST, { error: airdropMessages.list }).default([]),
    })
    .refine(
      (audience) =>
        audience.emails.length + audience.userIds.length >= 1 &&
        audience.emails.length + audience.userIds.length <= MAX_AIRDROP_LIST,
      { error: airdropMessages.list, path: ['emails'] },
    ),
  /** Everyone holding a unit of the pass when the airdrop is made. */
  z.strictObject({ kind: z.literal('PASS_HOLDERS'), passId: ZUuid }),
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
  id: ZUuid,
  name: z.string(),
  grant: ZGrant,
  audience: z.object({
    kind: z.enum(['PEOPLE', 'PASS_HOLDERS']),
    pass: z.object({ id: ZUuid, name: z.string() }).nullable(),
  }),
  status: z.enum(airdropStatuses),
  /**
   * Recipients in all; delivered; not reached because the pass's or the pool's supply ran out; not reached because
   * their account was deleted before their turn came; still to do.
   */
  progress: z.object({
    total: z.number().int(),
    delivered: z.number().int(),
    outOfStock: z.number().int(),
    accountDeleted: z.number().int(),
    pending: z.number().int(),
  }),
  createdBy: ZConsoleOperatorRef.nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type TConsoleAirdrop = z.infer<typeof ZConsoleAirdrop>;

export const ZConsoleAirdropListQuery = ZPageQuery;

/**
 * Where a recipient stands: still to do, given, or not given because what the grant gives ran out first, or because
 * the account was deleted between the airdrop's making and the delivery (nothing given to it could be used).
 */
export const airdropRecipientStatuses = ['PENDING', 'DELIVERED', 'OUT_OF_STOCK', 'ACCOUNT_DELETED'] as const;
export type TAirdropRecipientStatus = (typeof airdropRecipientStatuses)[number];
export const airdropRecipientStatusNames: Record<TAirdropRecipientStatus, string> = {
  PENDING: 'Still to deliver',
  DELIVERED: 'Delivered',
  OUT_OF_STOCK: 'Out of stock',
  ACCOUNT_DELETED: 'Account deleted',
};

/**
 * `GET /v1/console/airdrops/:id/recipients`: one recipient and where they stand. `email` is null for a brand's
 * manager: an airdrop to a pass's holders, or to ids seen on public pages, must not turn ids into addresses (as a
 * ticket grant by id does not).
 */
export const ZConsoleAirdropRecipient = z.object({
  user: z.object({ id: ZUuid, email: z.string().nullable(), nickname: z.string().nullable() }),
  status: z.enum(airdropRecipientStatuses),
  /** When the job set their outcome; null while pending. */
  processedAt: z.iso.datetime().nullable(),
});
export type TConsoleAirdropRecipient = z.infer<typeof ZConsoleAirdropRecipient>;

/** In the order they joined (the recipients' key), optionally only those in one state. */
export const ZConsoleAirdropRecipientsQuery = ZPageQuery.extend({
  status: z.enum(airdropRecipientStatuses).optional(),
});
export type TConsoleAirdropRecipientsQuery = z.infer<typeof ZConsoleAirdropRecipientsQuery>;
