import { z } from 'zod';
import { ZConsoleOperatorRef } from './console.ts';
import { ZConsoleTime, ZName } from './catalog-requests.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
import { ZGrant, ZGrantDelivery, ZGrantRequest } from './grants.ts';

/**
 * Redeem codes (spec sections 2, 4 and 7; issue 20; decision record 31): codes made in the console in batches, each
 * granting what its batch grants, a number of times in total and per person, within a validity window. A code is 16
 * characters of Crockford's base 32 (80 random bits), shown in groups of four; typed in any case, with or without the
 * dashes and spaces, and with O for 0 and I or L for 1.
 */

/** Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand cannot be mistaken. */
export const REDEEM_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REDEEM_CODE_LENGTH = 16;

/**
 * What a person typed as the code the API looks up: upper case, no separators, O read as 0 and I, L as 1. Any dash
 * separates (\p{Pd} and the minus sign): a code pasted from an email or a document often has en dashes or
 * non-breaking hyphens where the printed code had plain ones, and a soft hyphen can hide in it.
 */
export function normalizeRedeemCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s\p{Pd}\u2212\u00AD\u200B-\u200D\u2060]/gu, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A normalized code as printed: `7K3M-9QXD-2F4H-WN8C`. */
export function formatRedeemCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

export const MAX_REDEEM_BATCH_CODES = 100_000;
export const MAX_USES_PER_CODE = 1_000_000;

export const redeemMessages = {
  code: 'Enter the code you received.',
  codeLength: `A code has ${REDEEM_CODE_LENGTH} letters and digits. Please check it and try again.`,
  codeCount: `A batch holds from 1 to ${MAX_REDEEM_BATCH_CODES.toLocaleString('en-US')} codes.`,
  usesPerCode: `A code can be used from 1 to ${MAX_USES_PER_CODE.toLocaleString('en-US')} times.`,
  usesPerPerson: 'A person can use a code at least once, and not more often than the code can be used.',
  validity: 'A batch must become valid before it expires.',
  expired: 'These codes would have expired already. Pick an end that is still to come.',
} as const;

/** `POST /v1/redeems`. */
export const ZRedeemRequest = z.strictObject({
  // Room for dashes and spaces around the 16 characters; anything longer is not a code either. Separators alone
  // are nothing typed (normalizeRedeemCode drops them), so they are not an attempt at a code.
  code: z
    .string({ error: redeemMessages.code })
    .trim()
    .max(64, { error: redeemMessages.codeLength })
    .refine((typed) => normalizeRedeemCode(typed).length > 0, { error: redeemMessages.code }),
});
export type TRedeemRequest = z.infer<typeof ZRedeemRequest>;

/** A code I redeemed and what it gave me. */
export const ZRedemption = z.object({
  id: ZUuid,
  /** The code as printed, its first twelve characters hidden: `••••-••••-••••-WN8C`. */
  maskedCode: z.string(),
  batchName: z.string(),
  delivery: ZGrantDelivery,
  createdAt: z.iso.datetime(),
});
export type TRedemption = z.infer<typeof ZRedemption>;

export const ZRedemptionListQuery = ZPageQuery;

/** The printed code with all but its last group hidden. */
export function maskRedeemCode(code: string): string {
  return formatRedeemCode(code.replace(/.(?=.{4})/g, '•'));
}

// ----------------------------------------------------------------------------------------------------- console

function ZCount(max: number, message: string) {
  return z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message });
}

/** `POST /v1/console/redeem-batches`: what the codes grant, how many, how often each, and when they are valid. */
export const ZRedeemBatchRequest = z
  .strictObject({
    name: ZName,
    grant: ZGrantRequest,
    codeCount: ZCount(MAX_REDEEM_BATCH_CODES, redeemMessages.codeCount),
    usesPerCode: ZCount(MAX_USES_PER_CODE, redeemMessages.usesPerCode).default(1),
    usesPerPerson: ZCount(MAX_USES_PER_CODE, redeemMessages.usesPerPerson).default(1),
    validFrom: ZConsoleTime,
    validUntil: ZConsoleTime,
  })
  .superRefine((batch, context) => {
    if (batch.usesPerPerson > batch.usesPerCode) {
      context.addIssue({ code: 'custom', path: ['usesPerPerson'], message: redeemMessages.usesPerPerson });
    }
    if (Date.parse(batch.validFrom) >= Date.parse(batch.validUntil)) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: redeemMessages.validity });
    }
  });
export type TRedeemBatchRequest = z.infer<typeof ZRedeemBatchRequest>;

export const ZConsoleRedeemBatch = z.object({
  id: ZUuid,
  name: z.string(),
  grant: ZGrant,
  codeCount: z.number().int(),
  usesPerCode: z.number().int(),
  usesPerPerson: z.number().int(),
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  /** Uses of every code of the batch together, and how many codes were used at least once. */
  useCount: z.number().int(),
  usedCodeCount: z.number().int(),
  createdBy: ZConsoleOperatorRef.nullable(),
  createdAt: z.iso.datetime(),
  /** When the batch was revoked (`POST /v1/console/redeem-batches/{id}/revoke`): its codes redeem nothing since. */
  revokedAt: z.iso.datetime().nullable(),
});
export type TConsoleRedeemBatch = z.infer<typeof ZConsoleRedeemBatch>;

export const ZConsoleRedeemBatchListQuery = ZPageQuery;
