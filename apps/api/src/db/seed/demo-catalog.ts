import type { TBrandType, TRarity } from '@cypher/contract';

/**
 * The demo catalogue as data: five brands of different types, their licenses and collections, and thirty products,
 * commons most plentiful and legendaries scarce (14 / 9 / 5 / 2), as a real catalogue would be. Browser journeys
 * rely on these names and slugs, so change them together with e2e/.
 */

export interface DemoBrand {
  slug: string;
  name: string;
  type: TBrandType;
  tagline: string;
  description: string;
  websiteUrl: string | null;
  isFeatured: boolean;
  licenses: { name: string; licensor: string; description: string }[];
  collections: { name: string; license: string | null; description: string }[];
  products: DemoProduct[];
}

interface DemoProduct {
  name: string;
  rarity: TRarity;
  collection: string;
  category: string;
  tags: string[];
  description: string;
}

/** One product per line: the catalogue reads as the table it is. */
function product(
  name: string,
  rarity: TRarity,
  collection: string,
  category: string,
  tags: string[],
  description: string,
): DemoProduct {
  return { name, rarity, collection, category, tags, description };
}

export const demoCategories = [
  { slug: 'characters', name: 'Characters' },
  { slug: 'music', name: 'Music' },
  { slug: 'sports', name: 'Sports' },
  { slug: 'vehicles', name: 'Vehicles' },
  { slug: 'fashion', name: 'Fashion' },
  { slug: 'artifacts', name: 'Artifacts' },
];

export const demoTags = [
  { slug: 'genesis', name: 'Genesis' },
  { slug: 'first-edition', name: 'First Edition' },
  { slug: 'holographic', name: 'Holographic' },
  { slug: 'season-1', name: 'Season 1' },
  { slug: 'tour-exclusive', name: 'Tour Exclusive' },
  { slug: 'collab', name: 'Collab' },
];

const PIXEL = 'Pixel Knights: Genesis';
const DRIFT = 'Turbo Drift Garage';
const BLOOM = 'Midnight Bloom';
const ACADEMY = 'Starfall Academy: Year One';
const COMPANIONS = 'Cosmic Companions';
const STARS = 'Season 1 Stars';
const RUNWAY = 'Runway Relics';

export const demoBrands: DemoBrand[] = [
  {
    slug: 'neon-arcade',
    name: 'Neon Arcade',
    type: 'GAMING',
    tagline: 'Retro worlds, rebuilt for collectors.',
    description:
      'Neon Arcade makes pixel-perfect adventures with a modern twist. Collect the heroes, rides and relics of its best-loved games.',
    websiteUrl: 'https://neon-arcade.example',
    isFeatured: true,
    licenses: [
      {
        name: 'Pixel Knights',
        licensor: 'Neon Arcade Games',
        description: 'The 8-bit fantasy saga that started it all.',
      },
      {
        name: 'Turbo Drift',
        licensor: 'Neon Arcade Games',
        description: 'Midnight street racing in a city of lights.',
      },
    ],
    collections: [
      { name: PIXEL, license: 'Pixel Knights', description: 'The first heroes of the kingdom.' },
      { name: DRIFT, license: 'Turbo Drift', description: 'Cars tuned for the neon circuit.' },
    ],
    // prettier-ignore
    products: [
      product('Pixel Knight Squire', 'COMMON', PIXEL, 'characters', ['genesis', 'first-edition'], 'Every legend starts with a wooden sword.'),
      product('Pixel Knight Archer', 'COMMON', PIXEL, 'characters', ['genesis'], 'Never misses, rarely speaks.'),
      product('Pixel Knight Paladin', 'RARE', PIXEL, 'characters', ['genesis'], 'Shield raised, heart steady.'),
      product('Dragon of the Eighth Bit', 'LEGENDARY', PIXEL, 'characters', ['genesis', 'holographic'], 'The final boss, rendered in glorious light.'),
      product('Turbo Drift Coupe', 'COMMON', DRIFT, 'vehicles', ['first-edition'], 'A starter car with a loud exhaust.'),
      product('Turbo Drift Nightrunner', 'EPIC', DRIFT, 'vehicles', ['holographic'], 'Owns the last lap of every midnight race.'),
    ],
  },
  {
    slug: 'aria-vale',
    name: 'Aria Vale',
    type: 'ARTIST',
    tagline: 'Songs you can hold.',
    description:
      'Singer-songwriter Aria Vale brings her Midnight Bloom era to collectors: moments from the tour, on stage and off.',
    websiteUrl: 'https://aria-vale.example',
    isFeatured: true,
    licenses: [{ name: 'Midnight Bloom Tour', licensor: 'Vale Music Group', description: 'The 2026 world tour.' }],
    collections: [{ name: BLOOM, license: 'Midnight Bloom Tour', description: 'Keepsakes from forty cities.' }],
    // prettier-ignore
    products: [
      product('Midnight Bloom Vinyl', 'COMMON', BLOOM, 'music', ['tour-exclusive'], 'The album that named the tour.'),
      product('Backstage Pass Polaroid', 'COMMON', BLOOM, 'music', ['tour-exclusive'], 'Five minutes before the lights went up.'),
      product('Bloom Tour Poster', 'COMMON', BLOOM, 'artifacts', ['first-edition'], 'Screen-printed for opening night.'),
      product('Encore Mic', 'RARE', BLOOM, 'music', ['tour-exclusive'], 'Used for one song only, every night.'),
      product('Velvet Stage Jacket', 'RARE', BLOOM, 'fashion', ['collab'], 'Stitched by Maison Sable for the tour.'),
      product('Moonlit Ballad', 'EPIC', BLOOM, 'music', ['holographic'], 'The unreleased closing song, captured live.'),
    ],
  },
  {
    slug: 'orbit-studios',
    name: 'Orbit Studios',
    type: 'ENTERTAINMENT',
    tagline: 'Stories from just past the stars.',
    description:
      'The animation studio behind Starfall Academy. Meet the cadets, their teachers and the companions who fly with them.',
    websiteUrl: 'https://orbit-studios.example',
    isFeatured: true,
    licenses: [
      {
        name: 'Starfall Academy',
        licensor: 'Orbit Studios Entertainment',
        description: 'The animated series, seasons one and two.',
      },
    ],
    collections: [
      { name: ACADEMY, license: 'Starfall Academy', description: 'The first-year class and their mentors.' },
      { name: COMPANIONS, license: 'Starfall Academy', description: 'Every cadet needs a friend in orbit.' },
    ],
    // prettier-ignore
    products: [
      product('Cadet Nova', 'COMMON', ACADEMY, 'characters', ['season-1'], 'Top of the class, bottom of the rulebook.'),
      product('Professor Quill', 'RARE', ACADEMY, 'characters', ['season-1'], 'Teaches navigation by the stars themselves.'),
      product('Starfall Crest', 'RARE', ACADEMY, 'artifacts', ['season-1', 'first-edition'], 'Worn by every graduate.'),
      product('Captain Lyra', 'EPIC', ACADEMY, 'characters', ['season-1', 'holographic'], 'The youngest captain in academy history.'),
      product('Comet the Fox', 'COMMON', COMPANIONS, 'characters', ['season-1'], 'Fast, loyal and always hungry.'),
      product('Nebula Core', 'LEGENDARY', COMPANIONS, 'artifacts', ['holographic', 'first-edition'], 'The heart of the academy ship.'),
    ],
  },
  {
    slug: 'kinetic-league',
    name: 'Kinetic League',
    type: 'SPORTS',
    tagline: 'Every match, every moment.',
    description:
      'The fastest-growing football league on the planet. Collect the players, trophies and nights that defined season one.',
    websiteUrl: null,
    isFeatured: false,
    licenses: [
      { name: 'Kinetic League Season 1', licensor: 'Kinetic League Association', description: 'The inaugural season.' },
    ],
    collections: [
      { name: STARS, license: 'Kinetic League Season 1', description: 'Players and prizes of the first season.' },
    ],
    // prettier-ignore
    products: [
      product('Rookie Striker', 'COMMON', STARS, 'sports', ['season-1'], 'Scored on debut.'),
      product('Stadium Lights', 'COMMON', STARS, 'artifacts', ['season-1'], 'Opening night under the floodlights.'),
      product("Keeper's Gloves", 'COMMON', STARS, 'sports', ['first-edition'], 'Eleven clean sheets.'),
      product('Midfield Maestro', 'RARE', STARS, 'sports', ['season-1'], 'Sees the pass before anyone else.'),
      product("Captain's Armband", 'RARE', STARS, 'sports', ['season-1'], 'Worn in the final.'),
      product('Golden Boot Trophy', 'EPIC', STARS, 'artifacts', ['holographic'], "The season's top scorer takes it home."),
    ],
  },
  {
    slug: 'maison-sable',
    name: 'Maison Sable',
    type: 'FASHION',
    tagline: 'Couture from the desert.',
    description: 'A Paris atelier inspired by dunes and mirages. Its runway pieces, reimagined as collectibles.',
    websiteUrl: 'https://maison-sable.example',
    isFeatured: false,
    licenses: [{ name: 'Atelier 2026', licensor: 'Maison Sable SAS', description: 'The 2026 runway collections.' }],
    collections: [{ name: RUNWAY, license: 'Atelier 2026', description: 'Looks from the spring and autumn shows.' }],
    // prettier-ignore
    products: [
      product('Sable Silk Scarf', 'COMMON', RUNWAY, 'fashion', ['first-edition'], 'Hand-rolled edges, desert palette.'),
      product('Desert Rose Heels', 'COMMON', RUNWAY, 'fashion', [], 'Opened the spring show.'),
      product('Oasis Handbag', 'COMMON', RUNWAY, 'fashion', [], 'Room for everything that matters.'),
      product('Atelier Sketch No. 7', 'RARE', RUNWAY, 'artifacts', ['collab'], 'The drawing the collection grew from.'),
      product('Dune Trench Coat', 'RARE', RUNWAY, 'fashion', [], 'Cut to move like sand.'),
      product('Mirage Gown', 'EPIC', RUNWAY, 'fashion', ['holographic'], 'Closed the autumn show to a standing ovation.'),
    ],
  },
];

export const demoBanners = [
  {
    title: 'Pixel Knights: Genesis',
    subtitle: 'The first heroes of the kingdom are here. Collect them before the dragon wakes.',
    linkUrl: '/brands/gaming/neon-arcade',
    isPublished: true,
  },
  {
    title: 'Starfall Academy enrols its first class',
    subtitle: 'Cadets, professors and a legendary Nebula Core from Orbit Studios.',
    linkUrl: '/brands/entertainment/orbit-studios',
    isPublished: true,
  },
  {
    title: 'Collect. Evolve. Collaborate.',
    subtitle: 'New to digital collectibles? Start with the guide.',
    linkUrl: '/guide',
    isPublished: true,
  },
  {
    title: 'Fusion is here',
    subtitle: 'Burn a Squire and two Genesis heroes into a Pixel Knight Paladin.',
    linkUrl: '/fusions',
    isPublished: true,
  },
];

/** Editions per product, by rarity: scarcity is what rarity means. */
export const editionSizeOf: Record<TRarity, number> = { COMMON: 1000, RARE: 250, EPIC: 50, LEGENDARY: 10 };

/**
 * Products whose every edition has an artwork of its own (GENERATIVE, decision record 58): the live drop's legendary,
 * so a demo pack can hold one, its NFT page shows its own picture, and the console's Generative artwork section has
 * something to show.
 */
export const demoGenerativeProducts: readonly string[] = ['Dragon of the Eighth Bit'];
