import type {
  TConsoleFusion,
  TFusion,
  TFusionMaterial,
  TFusionPreview,
  TFusionRun,
  TFusionSlot,
  TFusionSummary,
} from '@cypher/contract';
import { brand, ids } from './catalog-fixtures.ts';

/**
 * Fusions for tests, valid against the contract's schemas. The fusion is open from Nov 20 to Dec 20, 2026 and makes
 * Dragon of the Eighth Bit (Legendary), 100 issued and 88 left. Its four slots ask for a product, a rarity, a collection
 * and a trait; the signed-in collector holds enough for the first and third only. Materials are Neon Arcade editions.
 */
export const fusionIds = {
  fusion: '0190a0b0-0000-7000-8000-0000000f0001',
  other: '0190a0b0-0000-7000-8000-0000000f0002',
  created: '0190a0b0-0000-7000-8000-0000000f0003',
  ended: '0190a0b0-0000-7000-8000-0000000f0004',
  squires: '0190a0b0-0000-7000-8000-0000000f1001',
  rare: '0190a0b0-0000-7000-8000-0000000f1002',
  genesis: '0190a0b0-0000-7000-8000-0000000f1003',
  fire: '0190a0b0-0000-7000-8000-0000000f1004',
  squireProduct: '0190a0b0-0000-7000-8000-0000000f2001',
  knightProduct: '0190a0b0-0000-7000-8000-0000000f2002',
  genesisCollection: '0190a0b0-0000-7000-8000-0000000f3001',
  run: '0190a0b0-0000-7000-8000-0000000f4001',
  newEdition: '0190a0b0-0000-7000-8000-0000000f4002',
  category: '0190a0b0-0000-7000-8000-0000000f5001',
};

export const fusionTimes = { beginAt: '2026-11-20T18:00:00.000Z', endAt: '2026-12-20T18:00:00.000Z' };

const { id, slug, name, type, logoUrl } = brand();
const neonArcade = { id, slug, name, type, logoUrl };

const result = {
  product: {
    id: ids.dragon,
    name: 'Dragon of the Eighth Bit',
    rarity: 'LEGENDARY' as const,
    imageUrl: '/uploads/dragon.webp',
    imageThumbnailUrl: '/uploads/dragon-thumb.webp',
  },
  supply: 100,
  remaining: 88,
};

/** The four slots, each with the signed-in collector's count (null: a visitor's view). */
export function fusionSlots(fitting: Array<number | null> = [3, 1, 1, 0]): TFusionSlot[] {
  return [
    {
      id: fusionIds.squires,
      position: 1,
      name: 'Squires',
      requiredCount: 2,
      rule: { kind: 'PRODUCT', product: { id: fusionIds.squireProduct, name: 'Pixel Knight Squire', isPublic: true } },
      fittingCount: fitting[0] ?? null,
    },
    {
      id: fusionIds.rare,
      position: 2,
      name: 'Rare spark',
      requiredCount: 3,
      rule: { kind: 'RARITY', rarity: 'RARE' },
      fittingCount: fitting[1] ?? null,
    },
    {
      id: fusionIds.genesis,
      position: 3,
      name: 'Genesis piece',
      requiredCount: 1,
      rule: {
        kind: 'COLLECTION',
        collection: { id: fusionIds.genesisCollection, name: 'Neon Genesis', isPublic: true },
      },
      fittingCount: fitting[2] ?? null,
    },
    {
      id: fusionIds.fire,
      position: 4,
      name: 'Fire',
      requiredCount: 1,
      rule: { kind: 'TRAIT', traitType: 'Element', value: 'Fire' },
      fittingCount: fitting[3] ?? null,
    },
  ];
}

export function fusionSummary(changes: Partial<TFusionSummary> = {}): TFusionSummary {
  return {
    id: fusionIds.fusion,
    brand: neonArcade,
    category: { id: fusionIds.category, name: 'Characters' },
    name: 'Dragon Forge',
    imageUrl: '/uploads/dragon-forge.webp',
    ...fusionTimes,
    status: 'AVAILABLE',
    result,
    isAllFused: false,
    slotCount: 4,
    ...changes,
  };
}

/** The fusion as a signed-in collector reads it (a visitor: `visitorFusion`). */
export function fusion(changes: Partial<TFusion> = {}): TFusion {
  return {
    ...fusionSummary(),
    description: 'Forge a legend from the squires of Neon Arcade.',
    slots: fusionSlots(),
    isReady: false,
    // The default slots' shortfalls (Rare spark 2, Fire 1); 0 when ready, null for a visitor.
    missingCount: changes.isReady === true ? 0 : changes.isReady === null ? null : 3,
    ...changes,
  };
}

export function visitorFusion(changes: Partial<TFusion> = {}): TFusion {
  return fusion({ slots: fusionSlots([null, null, null, null]), isReady: null, ...changes });
}

/** The slots page's fusion: two slots, two Squires and one Rare, which the collector can fill. */
export function twoSlotFusion(changes: Partial<TFusion> = {}): TFusion {
  const [squires, rare] = fusionSlots([4, 2]);
  return fusion({ slots: [squires!, { ...rare!, requiredCount: 1 }], slotCount: 2, isReady: true, ...changes });
}

let editionNumber = 0;

/** One of my editions that fits a slot; protected when `protection` is set. */
export function material(
  serialNumber: number,
  changes: Partial<Omit<TFusionMaterial, 'product'>> & { product?: Partial<TFusionMaterial['product']> } = {},
): TFusionMaterial {
  editionNumber += 1;
  const { product, ...rest } = changes;
  return {
    editionId: `0190a0b0-0000-7000-8000-00000e${String(serialNumber).padStart(3, '0')}${String(editionNumber % 1000).padStart(3, '0')}`,
    serialNumber,
    editionSize: 500,
    product: {
      id: fusionIds.squireProduct,
      name: 'Pixel Knight Squire',
      rarity: 'COMMON',
      imageThumbnailUrl: '/uploads/squire-thumb.webp',
      ...product,
    },
    imageUrl: product?.imageThumbnailUrl ?? '/uploads/squire-thumb.webp',
    protection: null,
    ...rest,
  };
}

/** What `POST /fuse` answers: the new edition, and what was burned for it. */
export function fusionRun(burned: TFusionMaterial[], changes: Partial<TFusionRun> = {}): TFusionRun {
  return {
    id: fusionIds.run,
    fusionId: fusionIds.fusion,
    status: 'SUCCESSFUL',
    edition: {
      id: fusionIds.newEdition,
      serialNumber: 13,
      editionSize: 100,
      type: 'STANDARD',
      resourceUri: null,
      contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      tokenId: '4200013',
      product: result.product,
    },
    burned: burned.map((entry) => ({
      editionId: entry.editionId,
      serialNumber: entry.serialNumber,
      productName: entry.product.name,
    })),
    createdAt: '2026-11-22T18:31:00.000Z',
    ...changes,
  };
}

export function consoleFusion(changes: Partial<TConsoleFusion> = {}): TConsoleFusion {
  const { isReady: _isReady, ...shown } = fusion({ slots: fusionSlots([null, null, null, null]) });
  return {
    ...shown,
    result,
    publicationStatus: 'PUBLISHED',
    publishedAt: '2026-11-01T00:00:00.000Z',
    madeCount: 12,
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...changes,
  };
}

export function fusionPreview(): TFusionPreview {
  return {
    slots: [
      {
        fittingCount: 120,
        holderCount: 45,
        examples: [
          { editionId: '0190a0b0-0000-7000-8000-0000000f6001', productName: 'Pixel Knight Squire', serialNumber: 4 },
          { editionId: '0190a0b0-0000-7000-8000-0000000f6002', productName: 'Pixel Knight Squire', serialNumber: 9 },
        ],
      },
      { fittingCount: 0, holderCount: 0, examples: [] },
    ],
  };
}
