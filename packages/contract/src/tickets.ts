import { z } from 'zod';
import { ZConsoleOperatorRef } from './console.ts';
import { ZEmail } from './auth.ts';
import { catalogMessages, ZBrandSummary, ZQueryBoolean } from './catalog.ts';
import { ZName, ZOptionalImageUrl, ZOptionalText } from './catalog-requests.ts';
import { ZMoney, ZPageQuery, ZUuid } from './envelope.ts';
import { hasNoInvisibleCharacters, invisibleCharactersMessage } from './invisible-characters.ts';
import { MAX_ORDER_QUANTITY } from './orders.ts';

/**
 * Tickets (spec sections 1, 2 and 4; issue 18): a consumable entry of a kind ("Drop ticket"), held as a count per
 * person. Tickets are granted (bought, attendance rewards, redeem codes, airdrops, an operator) and spent (entering a
 * raffle round); every grant and every spend is one append-only movement, so the count can be rebuilt from its history
 * and never goes below zero.
 */

/** Why a count changed. RAFFLE_ENTRY is the one spend; every other reason adds tickets. */
export const ticketMovementReasons = [
  'PURCHASE',
  'ATTENDANCE',
  'REDEEM',
  'RAFFLE_ENTRY',
  'RAFFLE_REFUND',
  'CONSOLE_GRANT',
  'AIRDROP',
] as const;
export const ZTicketMovementReason = z.enum(ticketMovementReasons);
export type TTicketMovementReason = z.infer<typeof ZTicketMovementReason>;

/** The reasons that take tickets away: their movements have a negative delta, every other reason's a positive one. */
export const ticketSpendReasons = ['RAFFLE_ENTRY'] as const satisfies readonly TTicketMovementReason[];

/**
 * At most this many tickets of a kind in one order (an order holds at most MAX_ORDER_QUANTITY of anything, so a kind
 * may not promise more), and in one operator's grant.
 */
export const MAX_TICKETS_PER_ORDER = MAX_ORDER_QUANTITY;
export const MAX_TICKETS_PER_GRANT = 1_000;

export const ticketMessages = {
  price: 'Enter a price per ticket from $0.01 to $10,000.00, or leave it empty when the ticket is not for sale.',
  maxPerOrder: `Enter how many tickets one order may hold, from 1 to ${MAX_TICKETS_PER_ORDER}.`,
  usedFor: 'Say in 1 to 120 characters what the ticket is for, for example "Enter raffle rounds".',
  grantCount: `Grant from 1 to ${MAX_TICKETS_PER_GRANT.toLocaleString('en-US')} tickets.`,
  grantRecipient: 'Give the email address or the user id of the person, not both.',
  grantRecipientMissing: 'Give the email address or the user id of the person to grant to.',
  grantRecipientFormat: 'Enter the email address or the user id of an account.',
} as const;

/**
 * A kind's name for more than one, by English's regular plurals of its last word: "Raffle entry" -> "Raffle entries",
 * "VIP Pass" -> "VIP Passes", "Drop ticket" -> "Drop tickets"; a name that already ends in a single s ("Credits") is
 * taken as plural already. A name whose last word is not a word (a year, "Season 2", "VIP+") has no plural: undefined.
 */
function pluralKindName(name: string): string | undefined {
  if (!/[a-z]{2}$/i.test(name)) return undefined;
  if (/(ss|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  if (/s$/i.test(name)) return name;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

/**
 * "1 Drop ticket", "3 Drop tickets", "1,200 Drop tickets": a count of a kind, on notices, history and pages alike. A
 * name without a plural is counted as it is: "2 × Winter Pass 2026" (it read "2 Winter Pass 2026s").
 */
export function ticketCountText(count: number, kindName: string): string {
  const number = count.toLocaleString('en-US');
  if (count === 1) return `${number} ${kindName}`;
  const plural = pluralKindName(kindName);
  return plural ? `${number} ${plural}` : `${number} × ${kindName}`;
}

/** A kind as a movement names it. */
export const ZTicketKindSummary = z.object({ id: ZUuid, name: z.string(), imageUrl: z.string().nullable() });
export type TTicketKindSummary = z.infer<typeof ZTicketKindSummary>;

export const ZTicketKind = ZTicketKindSummary.extend({
  description: z.string().nullable(),
  /** The brand that issues it, or null for the marketplace's own tickets. */
  brand: ZBrandSummary.nullable(),
  /** The price of one ticket (USD), or null when it is not for sale (granted only). */
  price: ZMoney.nullable(),
  maxPerOrder: z.number().int(),
  isActive: z.boolean(),
  /** What it is for, in words: "Enter raffle rounds". */
  usedFor: z.string(),
});
export type TTicketKind = z.infer<typeof ZTicketKind>;

/** The console's view of a kind: the same, with its times (a form starts again from what a save answered). */
export const ZConsoleTicketKind = ZTicketKind.extend({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() });
export type TConsoleTicketKind = z.infer<typeof ZConsoleTicketKind>;

/** `GET /v1/tickets/my`: one kind I hold (or held: a count of 0 once every ticket of it is spent). */
export const ZMyTicket = z.object({ kind: ZTicketKind, count: z.number().int() });
export type TMyTicket = z.infer<typeof ZMyTicket>;

/** `GET /v1/tickets/my/history`: one grant or spend, newest first. */
export const ZTicketMovement = z.object({
  id: ZUuid,
  kind: ZTicketKindSummary,
  /** Positive for tickets added, negative for tickets spent. */
  delta: z.number().int(),
  reason: ZTicketMovementReason,
  /** "Bought 2 Drop tickets", "Spent 1 Drop ticket to enter a raffle round". */
  description: z.string(),
  /** Where the movement leads in the web app (a purchase's status page), or null. */
  linkPath: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TTicketMovement = z.infer<typeof ZTicketMovement>;

/** `GET /v1/tickets`: the kinds on sale, optionally of one brand. */
export const ZTicketKindListQuery = ZPageQuery.extend({ brandId: ZUuid.optional() });
export type TTicketKindListQuery = z.infer<typeof ZTicketKindListQuery>;

// ----------------------------------------------------------------------------------------------------- console

export const ZConsoleTicketKindListQuery = ZTicketKindListQuery.extend({
  q: z.string().trim().max(120).optional(),
  /**
   * A brand manager's list with the marketplace's own kinds (no brand) too: any brand's raffle may ask for them, so a
   * raffle's form offers them. They stay the admins' to change. With `brandId`, that brand's kinds and the
   * marketplace's (what one drop's raffle may take), for an admin too.
   */
  withMarketplace: ZQueryBoolean.optional(),
});
export type TConsoleTicketKindListQuery = z.infer<typeof ZConsoleTicketKindListQuery>;

const ticketKindFields = {
  name: ZName,
  description: ZOptionalText(2000),
  imageUrl: ZOptionalImageUrl,
  /** USD cents per ticket; null: not for sale. */
  price: z
    .number({ error: ticketMessages.price })
    .int({ error: ticketMessages.price })
    .min(1, { error: ticketMessages.price })
    .max(1_000_000, { error: ticketMessages.price })
    .nullable(),
  maxPerOrder: z
    .number({ error: ticketMessages.maxPerOrder })
    .int({ error: ticketMessages.maxPerOrder })
    .min(1, { error: ticketMessages.maxPerOrder })
    .max(MAX_TICKETS_PER_ORDER, { error: ticketMessages.maxPerOrder }),
  isActive: z.boolean(),
  usedFor: z
    .string({ error: ticketMessages.usedFor })
    .trim()
    .min(1, { error: ticketMessages.usedFor })
    .max(120, { error: ticketMessages.usedFor })
    .refine(hasNoInvisibleCharacters, { error: invisibleCharactersMessage }),
};

/** `POST /v1/console/ticket-kinds`. A brand manager must name one of their brands; only admins make brandless kinds. */
export const ZCreateTicketKindRequest = z.strictObject({
  brandId: ZUuid.nullable().default(null),
  name: ticketKindFields.name,
  description: ticketKindFields.description.default(null),
  imageUrl: ticketKindFields.imageUrl.default(null),
  price: ticketKindFields.price.default(null),
  maxPerOrder: ticketKindFields.maxPerOrder.default(10),
  isActive: ticketKindFields.isActive.default(true),
  usedFor: ticketKindFields.usedFor,
});
export type TCreateTicketKindRequest = z.infer<typeof ZCreateTicketKindRequest>;

/** `PATCH /v1/console/ticket-kinds/{id}`: the brand is fixed once made (people hold tickets of it). */
export const ZUpdateTicketKindRequest = z
  .strictObject(ticketKindFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: catalogMessages.emptyUpdate });
export type TUpdateTicketKindRequest = z.infer<typeof ZUpdateTicketKindRequest>;

/** How many tickets one console grant gives. */
export const ZTicketGrantCount = z
  .number({ error: ticketMessages.grantCount })
  .int({ error: ticketMessages.grantCount })
  .min(1, { error: ticketMessages.grantCount })
  .max(MAX_TICKETS_PER_GRANT, { error: ticketMessages.grantCount });

/**
 * `POST /v1/console/ticket-kinds/{id}/grants` (with an Idempotency-Key header): give a person tickets of the kind,
 * found by user id, or by email for an admin only (RECIPIENT_EMAIL_ADMIN_ONLY). The note says why, for the audit log.
 */
export const ZGrantTicketsRequest = z
  .strictObject({
    email: ZEmail.optional(),
    userId: ZUuid.optional(),
    count: ZTicketGrantCount,
    note: ZOptionalText(500).default(null),
  })
  .superRefine((value, context) => {
    const named = [value.email, value.userId].filter((recipient) => recipient !== undefined).length;
    if (named === 1) return;
    context.addIssue({
      code: 'custom',
      path: ['email'],
      message: named === 0 ? ticketMessages.grantRecipientMissing : ticketMessages.grantRecipient,
    });
  });
export type TGrantTicketsRequest = z.infer<typeof ZGrantTicketsRequest>;

/** What a grant did: who got how many, and how many of the kind they hold now. */
export const ZConsoleTicketGrant = z.object({
  id: ZUuid,
  /** email: null for a brand's manager (only an admin turns an id into an address, or names a person by one). */
  user: z.object({ id: ZUuid, email: z.string().nullable(), nickname: z.string().nullable() }),
  kind: ZTicketKindSummary,
  count: z.number().int(),
  holding: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TConsoleTicketGrant = z.infer<typeof ZConsoleTicketGrant>;

/**
 * `GET /v1/console/ticket-kinds/:id/grants`: one grant made from the console, newest first, with who made it. The
 * person's address is for admins only, as in the grant's own answer.
 */
export const ZConsoleTicketGrantEntry = z.object({
  id: ZUuid,
  user: z.object({ id: ZUuid, email: z.string().nullable(), nickname: z.string().nullable() }),
  count: z.number().int(),
  note: z.string().nullable(),
  /** Null for a grant made from the command line, or by an account since deleted. */
  grantedBy: ZConsoleOperatorRef.nullable(),
  createdAt: z.iso.datetime(),
});
export type TConsoleTicketGrantEntry = z.infer<typeof ZConsoleTicketGrantEntry>;
