import { z } from 'zod';
import { RAFFLE_DRAW_ALGORITHM, type TRaffleDraw, type TRaffleSecondDraw } from './raffle-draw.ts';

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

/** `GET /v1/raffles/{roundId}` (public): the commitment from the opening; the seed, entries and winners from the draw. */
export const ZRaffleDraw = z.object({
  roundId: z.uuid(),
  dropId: z.uuid(),
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
}) satisfies z.ZodType<TRaffleDraw>;
