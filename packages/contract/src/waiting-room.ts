import { z } from 'zod';
import { ZUuid, ZWholeNumber } from './envelope.ts';
import {
  DEFAULT_ADMISSION_TOKEN_TTL_SECONDS,
  DEFAULT_WAITING_ROOM_OPENS_MINUTES_BEFORE,
  waitingRoomLimits,
  waitingRoomStatuses,
} from './waiting-room-rules.ts';

/**
 * The waiting room of a first-come round (issue 18, decision record 27): the public answer with the caller's place in
 * line, and the console's settings. The rules both sides compute are in waiting-room-rules.ts.
 */

export const ZWaitingRoomStatus = z.enum(waitingRoomStatuses);

/**
 * The signed-in caller's place. `place` is null until places are drawn at the round's opening (everyone who joined
 * before it gets a uniformly random place; later arrivals queue behind in arrival order). `admissionToken` is given
 * from `admitAt` until `admissionExpiresAt`; `POST /v2/orders` takes it as `admissionToken`.
 */
export const ZWaitingRoomViewer = z.object({
  /**
   * NOT_JOINED; WAITING (before the draw, in line, or in one's turn while the round has no pack on sale: every pack
   * sold or held for a payment that may still fail); ADMITTED (holds a token); EXPIRED (the token's time passed).
   */
  status: ZWaitingRoomStatus,
  joinedAt: z.iso.datetime().nullable(),
  place: z.number().int().nullable(),
  /** People ahead who are still waiting; null before places are drawn. */
  placesAhead: z.number().int().nullable(),
  /**
   * Seconds until admission: until the opening before places are drawn (at least that), then until `admitAt`; null
   * when not known (not joined, or in one's turn while nothing is on sale).
   */
  estimatedWaitSeconds: z.number().int().nullable(),
  admitAt: z.iso.datetime().nullable(),
  admissionToken: z.string().nullable(),
  admissionExpiresAt: z.iso.datetime().nullable(),
  /** When to ask again, in seconds; null when nothing will change by itself (not joined, expired). */
  pollAfterSeconds: z.number().int().nullable(),
});
export type TWaitingRoomViewer = z.infer<typeof ZWaitingRoomViewer>;

/** `GET` and `POST /v1/drops/{dropId}/rounds/{round}/waiting-room`. */
export const ZWaitingRoom = z.object({
  dropId: ZUuid,
  policyId: ZUuid,
  round: z.number().int(),
  /** false: the round is first come, first served at its opening, with no waiting room (the fields below are null). */
  hasWaitingRoom: z.boolean(),
  /** When people may start joining; places are drawn at `saleBeginAt`. */
  joinOpensAt: z.iso.datetime().nullable(),
  saleBeginAt: z.iso.datetime(),
  saleEndAt: z.iso.datetime(),
  isOpenForJoining: z.boolean(),
  admitPerMinute: z.number().int().nullable(),
  /** How long an admission lasts. */
  tokenTtlSeconds: z.number().int().nullable(),
  requiresVerifiedPhone: z.boolean(),
  /** The server's time of this answer, so a page counts down without trusting the device's clock. */
  now: z.iso.datetime(),
  /** The signed-in caller's place (null for visitors and for a round without a waiting room). */
  viewer: ZWaitingRoomViewer.nullable(),
});
export type TWaitingRoom = z.infer<typeof ZWaitingRoom>;

const { opensMinutesBefore, admitPerMinute, tokenTtlSeconds } = waitingRoomLimits;

/** `PUT /v1/console/drops/{dropId}/rounds/{round}/waiting-room`: the round's waiting room, created or replaced. */
export const ZWaitingRoomSettings = z.strictObject({
  opensMinutesBefore: ZWholeNumber(opensMinutesBefore.min, opensMinutesBefore.max).default(
    DEFAULT_WAITING_ROOM_OPENS_MINUTES_BEFORE,
  ),
  admitPerMinute: ZWholeNumber(admitPerMinute.min, admitPerMinute.max),
  tokenTtlSeconds: ZWholeNumber(tokenTtlSeconds.min, tokenTtlSeconds.max).default(DEFAULT_ADMISSION_TOKEN_TTL_SECONDS),
  requiresVerifiedPhone: z.boolean().default(false),
});
export type TWaitingRoomSettings = z.infer<typeof ZWaitingRoomSettings>;

export const ZConsoleWaitingRoom = z.object({
  dropId: ZUuid,
  policyId: ZUuid,
  round: z.number().int(),
  opensMinutesBefore: z.number().int(),
  admitPerMinute: z.number().int(),
  tokenTtlSeconds: z.number().int(),
  requiresVerifiedPhone: z.boolean(),
  joinOpensAt: z.iso.datetime(),
  saleBeginAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TConsoleWaitingRoom = z.infer<typeof ZConsoleWaitingRoom>;
