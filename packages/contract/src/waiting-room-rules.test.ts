import { describe, expect, it } from 'vitest';
import { longestWaitingRoomLead, waitingRoomJoinOpensAt, waitingRoomLeadTooLongMessage } from './waiting-room-rules.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);

describe('longestWaitingRoomLead', () => {
  it('is the longest whole lead whose joining opens after now, within the contract’s 1 to 1,440 minutes', () => {
    expect(longestWaitingRoomLead(inMs(10 * 60_000), now)).toBe(9);
    expect(longestWaitingRoomLead(inMs(10 * 60_000 + 1), now)).toBe(10);
    expect(longestWaitingRoomLead(inMs(10.5 * 60_000).toISOString(), now)).toBe(10);
    expect(longestWaitingRoomLead(inMs(3 * 24 * 60 * 60_000), now)).toBe(1_440);
    // Each lead it answers opens for joining after now, which is what the API accepts.
    for (const opensIn of [61_000, 10 * 60_000, 10 * 60_000 + 1]) {
      const lead = longestWaitingRoomLead(inMs(opensIn), now);
      expect(waitingRoomJoinOpensAt(inMs(opensIn), lead).getTime()).toBeGreaterThan(now.getTime());
      expect(waitingRoomJoinOpensAt(inMs(opensIn), lead + 1).getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('is 0 for a round opening within the minute, opened or ended: no room fits', () => {
    expect(longestWaitingRoomLead(inMs(60_000), now)).toBe(0);
    expect(longestWaitingRoomLead(inMs(30_000), now)).toBe(0);
    expect(longestWaitingRoomLead(now, now)).toBe(0);
    expect(longestWaitingRoomLead(inMs(-2 * 60 * 60_000), now)).toBe(0);
  });

  it('is named in the refusal', () => {
    expect(waitingRoomLeadTooLongMessage(1)).toBe(
      'The round opens too soon for that: the waiting room can open at most 1 minute before it.',
    );
    expect(waitingRoomLeadTooLongMessage(1_439)).toBe(
      'The round opens too soon for that: the waiting room can open at most 1,439 minutes before it.',
    );
  });
});
