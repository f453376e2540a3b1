import { DAY_MS } from '../../lib/clock.ts';

/**
 * The demo drops as data, so `npm start` shows each state of spec section 4 at once: one live (AVAILABLE for 30 days
 * from seeding, two rounds, the second for a whitelist that includes the demo collector), one upcoming (NEXT: visible
 * now, begins in three days) and one completed (ended yesterday, so its provenance is revealed). Editions per product
 * follow rarity as the catalogue does (commons plentiful, one legendary in a few packs) and stay within each
 * product's edition size (demo-catalog.ts: 1000 / 250 / 50 / 10). The upcoming drop's round has a waiting room, which
 * opens an hour before the round. Browser journeys rely on these names.
 */

interface DemoDropRound {
  /** Offsets from the seeding moment. */
  beginsIn: number;
  endsIn: number;
  /** USD cents per pack. */
  price: number;
  perPersonLimit: number | null;
  packCount: number;
  whitelist: { name: string; emails: string[] } | null;
  /** A waiting room for the round (issue 18): people join this long before it opens and are admitted at this rate. */
  waitingRoom?: { opensMinutesBefore: number; admitPerMinute: number; tokenTtlSeconds: number };
}

export interface DemoDrop {
  brand: string;
  name: string;
  description: string;
  visibleIn: number;
  beginsIn: number;
  endsIn: number;
  editionsPerPack: number;
  rounds: DemoDropRound[];
  /** Product name -> editions in the drop. */
  contents: Record<string, number>;
}

const MINUTE_MS = 60 * 1000;

export const demoDrops: DemoDrop[] = [
  {
    brand: 'neon-arcade',
    name: 'Pixel Knights: Genesis Pack',
    description:
      'Three editions in every pack from the first heroes of the kingdom. Round 1 is open to everyone; round 2 is for the Genesis early-access list.',
    // A minute in the past, so the drop is on sale the moment the server is up.
    visibleIn: -MINUTE_MS,
    beginsIn: -MINUTE_MS,
    endsIn: 30 * DAY_MS,
    editionsPerPack: 3,
    rounds: [
      { beginsIn: -MINUTE_MS, endsIn: 20 * DAY_MS, price: 1500, perPersonLimit: 10, packCount: 200, whitelist: null },
      {
        beginsIn: 20 * DAY_MS,
        endsIn: 30 * DAY_MS,
        price: 1200,
        perPersonLimit: 5,
        packCount: 100,
        whitelist: {
          name: 'Genesis early access',
          emails: ['fan@cypher.local', 'early.bird@cypher.local', 'pixel.pioneer@cypher.local'],
        },
      },
    ],
    contents: {
      'Pixel Knight Squire': 300,
      'Pixel Knight Archer': 280,
      'Turbo Drift Coupe': 200,
      'Pixel Knight Paladin': 90,
      'Turbo Drift Nightrunner': 25,
      'Dragon of the Eighth Bit': 5,
    },
  },
  {
    brand: 'orbit-studios',
    name: 'Starfall Academy: Orientation Day',
    description: 'Meet the first-year cadets, their professors and the companions who fly with them.',
    visibleIn: 0,
    beginsIn: 3 * DAY_MS,
    endsIn: 10 * DAY_MS,
    editionsPerPack: 3,
    rounds: [
      {
        beginsIn: 3 * DAY_MS,
        endsIn: 10 * DAY_MS,
        price: 2000,
        perPersonLimit: 5,
        packCount: 150,
        whitelist: null,
        waitingRoom: { opensMinutesBefore: 60, admitPerMinute: 120, tokenTtlSeconds: 300 },
      },
    ],
    contents: {
      'Cadet Nova': 200,
      'Comet the Fox': 150,
      'Professor Quill': 45,
      'Starfall Crest': 40,
      'Captain Lyra': 12,
      'Nebula Core': 3,
    },
  },
  {
    brand: 'aria-vale',
    name: 'Midnight Bloom: Opening Night',
    description:
      'Keepsakes from the first night of the tour. The drop has ended: every pack’s contents can be checked.',
    visibleIn: -10 * DAY_MS,
    beginsIn: -9 * DAY_MS,
    endsIn: -DAY_MS,
    editionsPerPack: 2,
    rounds: [
      { beginsIn: -9 * DAY_MS, endsIn: -5 * DAY_MS, price: 1000, perPersonLimit: 4, packCount: 60, whitelist: null },
      { beginsIn: -5 * DAY_MS, endsIn: -DAY_MS, price: 1000, perPersonLimit: null, packCount: 40, whitelist: null },
    ],
    contents: {
      'Midnight Bloom Vinyl': 70,
      'Backstage Pass Polaroid': 60,
      'Bloom Tour Poster': 40,
      'Encore Mic': 15,
      'Velvet Stage Jacket': 12,
      'Moonlit Ballad': 3,
    },
  },
];
