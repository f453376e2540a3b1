import { describe, expect, it } from 'vitest';
import { ticketCountText } from './tickets.ts';

describe('ticketCountText', () => {
  it.each([
    [1, 'Drop ticket', '1 Drop ticket'],
    [3, 'Drop ticket', '3 Drop tickets'],
    [1_200, 'Drop ticket', '1,200 Drop tickets'],
    [2, 'Raffle entry', '2 Raffle entries'],
    [2, 'VIP Pass', '2 VIP Passes'],
    [2, 'Lucky box', '2 Lucky boxes'],
    [2, 'Golden key', '2 Golden keys'],
    [2, 'Credits', '2 Credits'],
    [2, 'VIP', '2 VIPs'],
    // Session 69's console hunt: "2 Winter Pass 2026s". A name not ending in a word is counted as it is.
    [2, 'Winter Pass 2026', '2 × Winter Pass 2026'],
    [3, 'Plan B', '3 × Plan B'],
    [2, 'VIP+', '2 × VIP+'],
    [1, 'Winter Pass 2026', '1 Winter Pass 2026'],
  ])('%i of "%s" reads "%s"', (count, name, text) => expect(ticketCountText(count, name)).toBe(text));
});
