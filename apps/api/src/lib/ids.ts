import { randomBytes, randomInt } from 'node:crypto';
import { v7 } from 'uuid';

/** UUID v7: unique, and sortable by creation time (ARCHITECTURE 2b). */
export function newId(): string {
  return v7();
}

/** The time newIdAt last made an id for, and the sequence its ids for that time have reached. */
const sameTime = { msecs: Number.NaN, sequence: 0 };

/**
 * UUID v7 of a row whose time is `time` (its created_at), not the moment the id is made: rows ordered by id are then
 * in the order of their times even when that time is the clock's of a test, or a seed's back-dated one. The console
 * journal reads ledger transactions newest first by id (list-ledger-transactions.ts).
 */
export function newIdAt(time: Date): string {
  const msecs = time.getTime();
  // Ids made for one time rise in the order they are made, as v7() keeps them for the clock's own time: a purchase
  // paid by card posts the card's money and the purchase at one time, and the history must list them in that order.
  // (uuid's v7 given a time takes a random sequence each call.) A new time starts low enough to count up from.
  if (msecs === sameTime.msecs) sameTime.sequence += 1;
  else Object.assign(sameTime, { msecs, sequence: randomInt(2 ** 30) });
  return v7({ msecs, seq: sameTime.sequence });
}

const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/**
 * `size` bytes from the system's secure random source, as hex: taken from a pool filled 4 KB at a time, since a call
 * for 16 bytes cost as much as one for 4 KB (each purchase's claim-log salt: 0.8 % of an instance's samples in a drop
 * rush). Each byte is handed out once.
 */
export function randomHex(size: number): string {
  if (randomPoolOffset + size > randomPool.length) {
    randomPool = randomBytes(Math.max(RANDOM_POOL_BYTES, size));
    randomPoolOffset = 0;
  }
  const hex = randomPool.toString('hex', randomPoolOffset, randomPoolOffset + size);
  randomPoolOffset += size;
  return hex;
}
