import { formatNumber } from './money-format.ts';

/**
 * The waiting room of a first-come round (issue 18, decision record 27): the rules both sides compute from a person's
 * admission time. Free of zod, so the drop page can tick its countdown every second without loading the schemas
 * (decision record 20).
 *
 * Admission is a schedule, not a counter: each place in line is given the moment it is admitted (`admitAt`) once,
 * when it is placed, and consecutive places waiting at once are `admissionIntervalMs` apart. So how many people are
 * still ahead of someone follows from their own admission time and the clock alone.
 */

export const waitingRoomStatuses = ['NOT_JOINED', 'WAITING', 'ADMITTED', 'EXPIRED'] as const;
export type TWaitingRoomStatus = (typeof waitingRoomStatuses)[number];

/** A room's settings when the console leaves them out. */
export const DEFAULT_WAITING_ROOM_OPENS_MINUTES_BEFORE = 30;
export const DEFAULT_ADMISSION_TOKEN_TTL_SECONDS = 5 * 60;

/** The bounds the console accepts (and the database checks). */
export const waitingRoomLimits = {
  opensMinutesBefore: { min: 1, max: 24 * 60 },
  admitPerMinute: { min: 1, max: 60_000 },
  tokenTtlSeconds: { min: 30, max: 60 * 60 },
} as const;

/** Milliseconds between two consecutive admissions at `admitPerMinute`. */
export function admissionIntervalMs(admitPerMinute: number): number {
  return 60_000 / admitPerMinute;
}

const ms = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** When people may start joining a round's waiting room: `opensMinutesBefore` before the round opens. */
export function waitingRoomJoinOpensAt(saleBeginAt: string | Date, opensMinutesBefore: number): Date {
  return new Date(ms(saleBeginAt) - opensMinutesBefore * 60_000);
}

/**
 * The longest lead, in whole minutes, a room added (or changed) at `now` may open ahead of a round opening at
 * `saleBeginAt`: the longest that would not have opened for joining by now, which the API refuses (WAITING_ROOM_LOCKED).
 * 0 when not even the shortest lead fits: the round opens within the minute, has opened, or has ended.
 */
export function longestWaitingRoomLead(saleBeginAt: string | Date, now: Date): number {
  const { min, max } = waitingRoomLimits.opensMinutesBefore;
  // Joining must open strictly after now: 10 minutes to go leave a lead of 9, 10 and a second a lead of 10.
  const minutes = Math.ceil((ms(saleBeginAt) - now.getTime()) / 60_000) - 1;
  return minutes < min ? 0 : Math.min(max, minutes);
}

/** Why a lead is too long for the round, naming the longest that fits now (`longest`, at least 1). */
export function waitingRoomLeadTooLongMessage(longest: number): string {
  const minutes = `${formatNumber(longest)} ${longest === 1 ? 'minute' : 'minutes'}`;
  return `The round opens too soon for that: the waiting room can open at most ${minutes} before it.`;
}

/**
 * People ahead of someone admitted at `admitAt` who are still waiting at `now`: those admitted strictly between now
 * and `admitAt`. Whoever waits ahead of a person waits in one unbroken run of admissions spaced by the interval (a
 * gap in the schedule only ever opens when nobody was waiting), so the count is the number of intervals that fit.
 */
export function placesAheadAt(admitAt: string | Date, now: Date, admitPerMinute: number): number {
  const left = ms(admitAt) - now.getTime();
  if (left <= 0) return 0;
  return Math.max(0, Math.ceil(left / admissionIntervalMs(admitPerMinute)) - 1);
}

/** Whole seconds until `admitAt` (0 once it has come). */
export function secondsUntil(at: string | Date, now: Date): number {
  return Math.max(0, Math.ceil((ms(at) - now.getTime()) / 1000));
}
