import { z } from 'zod';
import { ZBrandSummary } from './catalog.ts';
import { ZUuid, ZWholeNumber } from './envelope.ts';
import {
  RAFFLE_DRAW_ALGORITHM,
  type TRaffleDraw,
  type TRaffleMine,
  type TRaffleRules,
  type TRaffleSecondDraw,
} from './raffle-draw.ts';

/**
 * The schemas of a raffle round's public draw record (decision record 26). The draw itself (commitment, draw order,
 * checks) and these types live in raffle-draw.ts, without zod, so the public raffle page checks a draw without loading
 * zod (decision record 20).
 */

export const ZRaffleSecondDraw = z.object({
  drawnAt: z.iso.datetime(),
  places: z.number().int().nonnegative(),
  excluded: z.array(z.string()),
  winners: z.array(z.string()),
}) satisfies z.ZodType<TRaffleSecondDraw>;

export const raffleTicketsOnLoss = ['KEPT', 'RETURNED'] as const;

const ZRaffleRules = z.object({
  ticketKind: z.object({ id: ZUuid, name: z.string() }).nullable(),
  isFreeForPassHolders: z.boolean(),
  requiredPass: z.object({ id: ZUuid, name: z.string() }).nullable(),
  ticketsOnLoss: z.enum(raffleTicketsOnLoss),
  purchaseWindowEndsAt: z.iso.datetime(),
}) satisfies z.ZodType<TRaffleRules>;

/** `POST /v1/raffles/{roundId}/entries` answers it, and `GET /v1/raffles/{roundId}` as `mine` for a signed-in entrant. */
export const ZRaffleMine = z.object({
  handle: z.string(),
  enteredAt: z.iso.datetime(),
  hasSpentTicket: z.boolean(),
  wonIn: z.union([z.literal(1), z.literal(2)]).nullable(),
}) satisfies z.ZodType<TRaffleMine>;

/** `GET /v1/raffles/{roundId}` (public): the commitment from the opening; the seed, entries and winners from the draw. */
export const ZRaffleDraw = z.object({
  roundId: ZUuid,
  dropId: ZUuid,
  round: z.number().int().positive(),
  algorithm: z.literal(RAFFLE_DRAW_ALGORITHM),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  seedHex: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  registrationOpensAt: z.iso.datetime(),
  registrationClosesAt: z.iso.datetime(),
  drawnAt: z.iso.datetime().nullable(),
  places: z.number().int().nonnegative(),
  entriesCount: z.number().int().nonnegative(),
  entries: z.array(z.string()).nullable(),
  winners: z.array(z.string()).nullable(),
  secondDraw: ZRaffleSecondDraw.nullable(),
  rules: ZRaffleRules.optional(),
  mine: ZRaffleMine.nullable().optional(),
  holdsRequiredPass: z.boolean().nullable().optional(),
}) satisfies z.ZodType<TRaffleDraw>;

/**
 * `PUT /v1/console/drops/{dropId}/rounds/{round}/raffle`: makes the round a raffle, or changes it until registration
 * opens. Registration closes no later than the round's opening; the first draw's winners buy for
 * `purchaseWindowMinutes` from the opening, then a second draw gives the places they left.
 */
export const ZSetRaffleRequest = z
  .object({
    places: ZWholeNumber(1, 1_000_000),
    registrationOpensAt: z.iso.datetime(),
    registrationClosesAt: z.iso.datetime(),
    ticketKindId: ZUuid.nullable(),
    isFreeForPassHolders: z.boolean(),
    ticketsOnLoss: z.enum(raffleTicketsOnLoss),
    purchaseWindowMinutes: ZWholeNumber(1, 60 * 24 * 30),
  })
  .strict()
  .refine((raffle) => Date.parse(raffle.registrationOpensAt) < Date.parse(raffle.registrationClosesAt), {
    path: ['registrationClosesAt'],
    message: 'Registration must close after it opens.',
  });
export type TSetRaffleRequest = z.infer<typeof ZSetRaffleRequest>;

/** The console's view of a raffle round: its settings, its commitment and how far it has got. */
export const ZConsoleRaffle = z.object({
  roundId: ZUuid,
  dropId: ZUuid,
  round: z.number().int().positive(),
  places: z.number().int().positive(),
  registrationOpensAt: z.iso.datetime(),
  registrationClosesAt: z.iso.datetime(),
  ticketKindId: ZUuid.nullable(),
  /**
   * The entry's kind by name, so the console names it without reading the kind: a brand's manager may not read a
   * marketplace kind by id. `isActive`: an inactive kind is no longer sold, which the console says beside its name.
   * `brand`: the drop's brand, or null for the marketplace's own, which may share its name.
   */
  ticketKind: z
    .object({ id: ZUuid, name: z.string(), isActive: z.boolean(), brand: ZBrandSummary.nullable() })
    .nullable(),
  isFreeForPassHolders: z.boolean(),
  ticketsOnLoss: z.enum(raffleTicketsOnLoss),
  purchaseWindowMinutes: z.number().int().positive(),
  commitment: z.string(),
  entriesCount: z.number().int().nonnegative(),
  drawnAt: z.iso.datetime().nullable(),
  /** The first draw's winners; the second draw's are its `secondPlaces`, said beside it. */
  winnersCount: z.number().int().nonnegative(),
  secondDrawnAt: z.iso.datetime().nullable(),
  secondPlaces: z.number().int().nonnegative().nullable(),
});
export type TConsoleRaffle = z.infer<typeof ZConsoleRaffle>;
