/*
 * Route: none · Reads, Writes: nothing (names only) · Tests: advisory-locks.test.ts.
 *
 * Every advisory lock this product takes, by name, in one table: two uses given the same number by accident would
 * wait for each other, or worse, one would think it held a lock another holds. A new lock takes the next number here.
 */

/**
 * Two-key locks (`pg_advisory_xact_lock(class, hashtext(id))`, and the session-level ones the listening connection
 * takes): the class names what is locked, the second key which one (an id hashed; two ids that hash alike only wait
 * for each other needlessly).
 */
export const advisoryLockClasses = {
  /** A person's check-ins (attendance/check-in.ts): one a day, however many arrive at once. */
  checkIn: 20_020,
  /** A drop's reveal against the holds made before it (drops/reveal-drop.ts). */
  dropReveal: 728_431_016,
  /** Sealing a drop's claim log (drops/claim-log/seal-claim-log.ts). */
  claimLogSeal: 728_431_017,
  /** Placing a round's waiting room (drops/waiting-room/assign-waiting-room-places.ts). */
  waitingRoomPlaces: 728_431_018,
  /** A round's sold-out announcement against its last sales (drops/live/announce-round-sold-out.ts). */
  roundSoldOut: 728_431_035,
  /** A collection's products as live fusion slots take it, against products moving out (fusions/live-fusion-uses.ts). */
  fusionSlotCollection: 728_431_057,
  /** The instance publishing a drop's live counts to nginx (drops/live/drop-signals.ts), held by a session. */
  liveCountsPublisher: 0x4c495645,
} as const;

/**
 * One-key locks (`pg_advisory_lock(key)`), held by a session for work that one instance does at a time on start. A
 * one-key lock never meets a two-key one: PostgreSQL tells them apart.
 */
export const advisoryLockKeys = {
  /** Running the schema's migrations (db/migrate.ts). */
  migration: 728_431_001,
  /** Setting up the job queues (jobs/job-scheduler.ts). */
  jobSetup: 728_431_002,
} as const;
