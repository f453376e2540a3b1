import {
  assignPackContents,
  canonicalEditions,
  claimBuyerHash,
  claimLogLine,
  dropCounts,
  isDropSoldOut,
  nextChainHash,
  provenanceCommitment,
  type TClaimLog,
  type TClaimLogEntry,
  type TDrop,
  type TDropProvenance,
  type TDropViewer,
  type TMyBalances,
  type TNotification,
  type TOrder,
  type TOrderFee,
  type TPack,
  type TPackItem,
  type TPassGuarantee,
  type TSalePolicy,
} from '@cypher/contract';
import { brand } from './catalog-fixtures.ts';

/**
 * Drops, orders, packs and notifications for tests, valid against the contract's schemas (the API client parses
 * every answer). One drop with two rounds: round 1 (whitelist, 18:00 to 20:00 on Nov 22) and round 2 (open to all,
 * 21:00 on Nov 22 until the drop ends at 18:00 on Nov 24).
 */
export const dropIds = {
  drop: '0190a0b0-0000-7000-8000-00000000d001',
  round1: '0190a0b0-0000-7000-8000-00000000a001',
  round2: '0190a0b0-0000-7000-8000-00000000a002',
  whitelist: '0190a0b0-0000-7000-8000-00000000a0f1',
  dragon: '0190a0b0-0000-7000-8000-00000000c001',
  knight: '0190a0b0-0000-7000-8000-00000000c002',
  squire: '0190a0b0-0000-7000-8000-00000000c003',
  order: '0190a0b0-0000-7000-8000-00000000e001',
  pack1: '0190a0b0-0000-7000-8000-00000000f001',
  pack2: '0190a0b0-0000-7000-8000-00000000f002',
  edition: (n: number) => `0190a0b0-0000-7000-8000-0000000e${String(n).padStart(4, '0')}`,
  notification: (n: number) => `0190a0b0-0000-7000-8000-0000000b${String(n).padStart(4, '0')}`,
};

export const times = {
  visibleAt: '2026-11-20T00:00:00.000Z',
  dropBeginAt: '2026-11-22T18:00:00.000Z',
  round1End: '2026-11-22T20:00:00.000Z',
  round2Begin: '2026-11-22T21:00:00.000Z',
  dropEndAt: '2026-11-24T18:00:00.000Z',
};

export const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const cyp = (amount: number) => ({ amount, currency: 'CYP' as const });

const { id, slug, name, type, logoUrl } = brand();
const brandSummary = { id, slug, name, type, logoUrl };

/** A round's guarantee to holders of the Neon Season Pass: 2 packs each, 40 in all, held until 19:00 UTC. */
export const neonPassGuarantee: TPassGuarantee = {
  pass: { id: '0190a0b0-0000-7000-8000-0000000aa001', name: 'Neon Season Pass' },
  packsPerHolder: 2,
  packCount: 40,
  minutes: 30,
  endsAt: '2026-11-22T19:00:00.000Z',
};

export function policy(round: 1 | 2, changes: Partial<TSalePolicy> = {}): TSalePolicy {
  return round === 1
    ? {
        id: dropIds.round1,
        round: 1,
        saleBeginAt: times.dropBeginAt,
        saleEndAt: times.round1End,
        price: usd(1_250),
        priceCyp: cyp(125_000),
        perPersonLimit: 2,
        beginIssuedPackNumber: 1,
        endIssuedPackNumber: 100,
        soldCount: 40,
        whitelists: [{ id: dropIds.whitelist, name: 'Early fans', kind: 'LIST', size: 250 }],
        requiredPass: null,
        passGuarantee: null,
        heldBackLeftCount: 0,
        isRaffle: false,
        ...changes,
      }
    : {
        id: dropIds.round2,
        round: 2,
        saleBeginAt: times.round2Begin,
        saleEndAt: times.dropEndAt,
        price: usd(1_500),
        priceCyp: cyp(150_000),
        perPersonLimit: null,
        beginIssuedPackNumber: 101,
        endIssuedPackNumber: 1_100,
        soldCount: 0,
        whitelists: [],
        requiredPass: null,
        passGuarantee: null,
        heldBackLeftCount: 0,
        isRaffle: false,
        ...changes,
      };
}

const dropContents: TDrop['contents'] = [
  {
    product: {
      id: dropIds.dragon,
      name: 'Dragon of the Eighth Bit',
      rarity: 'LEGENDARY',
      imageThumbnailUrl: '/uploads/dragon-thumb.webp',
      editionSize: 10,
    },
    editionCount: 10,
  },
  {
    product: {
      id: dropIds.knight,
      name: 'Pixel Knight',
      rarity: 'RARE',
      imageThumbnailUrl: '/uploads/knight-thumb.webp',
      editionSize: 500,
    },
    editionCount: 290,
  },
  {
    product: {
      id: dropIds.squire,
      name: 'Squire',
      rarity: 'COMMON',
      imageThumbnailUrl: '/uploads/squire-thumb.webp',
      editionSize: 5_000,
    },
    editionCount: 2_900,
  },
];

/**
 * A drop's changes; a viewer without a `reminder` has none to offer (no round left to remind of), one without
 * `holdsRequiredPass` faces a round that requires no pass, one without `passGuarantee` a round that guarantees none,
 * one without `heldCount` has no pack held for an order waiting for payment.
 */
type TViewerDefaulted =
  'reminder' | 'holdsRequiredPass' | 'passGuarantee' | 'heldCount' | 'heldOrderId' | 'heldInRoundOrderId';
type TDropChanges = Omit<Partial<TDrop>, 'viewer'> & {
  viewer?: (Omit<TDropViewer, TViewerDefaulted> & Partial<Pick<TDropViewer, TViewerDefaulted>>) | null;
};

/** The drop as `GET /v1/drops/{id}` answers; counts and sold-out follow the policies unless overridden. */
export function drop(changes: TDropChanges = {}): TDrop {
  const salePolicies = changes.salePolicies ?? [policy(1), policy(2)];
  const counts = dropCounts(
    salePolicies.map((entry) => ({
      ...entry,
      whitelistCount: entry.whitelists.reduce((sum, list) => sum + list.size, 0),
    })),
  );
  return {
    id: dropIds.drop,
    brand: brandSummary,
    name: 'Neon Genesis',
    description: 'The first packs of the Neon Arcade universe.',
    imageUrl: '/uploads/neon-genesis.webp',
    visibleAt: times.visibleAt,
    dropBeginAt: times.dropBeginAt,
    dropEndAt: times.dropEndAt,
    status: 'AVAILABLE',
    salePolicies,
    counts,
    isSoldOut: isDropSoldOut(salePolicies),
    giftRound: null,
    editions: { total: 3_200, guaranteedPerPack: 3 },
    contents: dropContents,
    commitment: 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdef0123',
    ...changes,
    viewer: changes.viewer
      ? {
          reminder: null,
          holdsRequiredPass: null,
          passGuarantee: null,
          heldCount: 0,
          heldOrderId: null,
          heldInRoundOrderId: null,
          ...changes.viewer,
        }
      : null,
  };
}

export function balances(usdSpendable: number): TMyBalances {
  const parts = (money: (amount: number) => { amount: number; currency: 'USD' | 'CYP' }, amount: number) => ({
    withdrawable: money(amount),
    nonWithdrawable: money(0),
    held: money(0),
    total: money(amount),
  });
  return {
    usd: parts(usd, usdSpendable),
    cyp: parts(cyp, 0),
    cypUnit: { minorUnits: 2, cypPerUsd: 100 },
    settling: null,
  };
}

export function orderFee(quantity: number, unit = 1_250): TOrderFee {
  const subtotal = unit * quantity;
  const serviceFee = Math.max(50, Math.floor((subtotal * 500 + 5_000) / 10_000));
  return {
    itemKind: 'PACK',
    itemId: dropIds.round1,
    dropId: dropIds.drop,
    round: 1,
    quantity,
    unitPrice: usd(unit),
    unitPriceCyp: cyp(unit * 100),
    subtotal: usd(subtotal),
    serviceFee: usd(serviceFee),
    total: usd(subtotal + serviceFee),
  };
}

const orderDrop = {
  id: dropIds.drop,
  name: 'Neon Genesis',
  imageUrl: '/uploads/neon-genesis.webp',
  brand: brandSummary,
};

/** A pack given (decision record 36): its GIFT order, of the drop's gift round, with nothing paid and no receipt. */
export function giftOrder(changes: Partial<TOrder> = {}): TOrder {
  const zero = usd(0);
  return order({
    paymentMethod: 'GIFT',
    round: 3,
    unitPrice: zero,
    subtotal: zero,
    serviceFee: zero,
    total: zero,
    receipt: null,
    ...changes,
  });
}

export function order(changes: Partial<TOrder> = {}): TOrder {
  return {
    id: dropIds.order,
    status: 'SUCCESSFUL',
    item: {
      kind: 'PACK',
      id: dropIds.round1,
      name: orderDrop.name,
      imageUrl: orderDrop.imageUrl,
      brand: orderDrop.brand,
      linkPath: `/drops/${dropIds.drop}`,
    },
    drop: orderDrop,
    round: 1,
    quantity: 1,
    paymentMethod: 'BALANCE',
    unitPrice: usd(1_250),
    subtotal: usd(1_250),
    serviceFee: usd(63),
    total: usd(1_313),
    holdExpiresAt: null,
    checkoutUrl: null,
    failureReason: null,
    heldPayment: null,
    receipt: {
      paymentId: 'pay_0190neon',
      merchant: 'Cypher',
      paidAt: '2026-11-22T18:00:05.000Z',
      paymentMethod: 'Balance',
      subtotal: usd(1_250),
      serviceFee: usd(63),
      totalPaid: usd(1_313),
      paidWithCredit: null,
    },
    packIds: [dropIds.pack1],
    buyerSalt: null,
    createdAt: '2026-11-22T18:00:04.000Z',
    updatedAt: '2026-11-22T18:00:05.000Z',
    ...changes,
  };
}

export function packItem(productIndex: 0 | 1 | 2, serialNumber: number, changes: Partial<TPackItem> = {}): TPackItem {
  const { product } = dropContents[productIndex]!;
  return {
    product,
    edition: { id: dropIds.edition(serialNumber), serialNumber, type: 'STANDARD', resourceUri: null },
    imageUrl: product.imageThumbnailUrl,
    ...changes,
  };
}

export function pack(changes: Partial<TPack> = {}): TPack {
  return {
    id: dropIds.pack1,
    number: 12,
    drop: orderDrop,
    round: 1,
    orderId: dropIds.order,
    isOpened: false,
    openedAt: null,
    rarity: null,
    items: [],
    purchasedAt: '2026-11-22T18:00:05.000Z',
    isGift: false,
    ...changes,
  };
}

export function notification(n: number, changes: Partial<TNotification> = {}): TNotification {
  return {
    id: dropIds.notification(n),
    kind: 'PURCHASE',
    stage: 'SUCCESSFUL',
    title: `Purchase ${n} complete`,
    body: 'Your pack from Neon Genesis is ready to open.',
    linkPath: `/purchase/${dropIds.order}/status`,
    isRead: false,
    createdAt: '2026-11-22T18:00:05.000Z',
    ...changes,
  };
}

/**
 * A small revealed drop whose contents really are the seed's shuffle: 2 products (4 and 2 editions), 3 editions per
 * pack, packs 1 and 2. The commitment is computed with the contract's own code.
 */
export function revealedProvenance(changes: Partial<TDropProvenance> = {}): TDropProvenance {
  const seed = 'seed-of-neon-genesis';
  const packs = assignPackContents(
    seed,
    canonicalEditions([
      { productId: dropIds.dragon, firstSerialNumber: 1, editionCount: 2 },
      { productId: dropIds.squire, firstSerialNumber: 1, editionCount: 4 },
    ]),
    3,
    1,
  );
  const commitment = provenanceCommitment(seed, packs);
  return {
    dropId: dropIds.drop,
    algorithm: 'sha256-v1',
    commitment,
    editionsPerPack: 3,
    isRevealed: true,
    claimLogHead: { length: 0, chainHash: commitment },
    seed,
    packs,
    ...changes,
  };
}

/** The buyer in the claim log fixtures: fake-api's `myUser()` id. */
const claimLogBuyerId = '0190a0b0-0000-7000-8000-000000000001';

/**
 * A drop's claim log as the API answers it once revealed: each claim (or release) chained from `commitment` with the
 * contract's own code, the buyer named only by `claimBuyerHash(buyerSalt, userId)`. One entry per claim, in order.
 */
export function claimLogEntries(
  commitment: string,
  claims: Array<{
    packNumber: number;
    orderId: string;
    buyerSalt: string;
    userId?: string;
    kind?: TClaimLogEntry['kind'];
    at?: string;
  }>,
): TClaimLogEntry[] {
  let previous = commitment;
  return claims.map((claim, index) => {
    const entry = {
      kind: claim.kind ?? ('CLAIMED' as const),
      packNumber: claim.packNumber,
      orderId: claim.orderId,
      buyerHash: claimBuyerHash(claim.buyerSalt, claim.userId ?? claimLogBuyerId),
      at: claim.at ?? '2026-11-22T18:00:05.000Z',
    };
    previous = nextChainHash(previous, claimLogLine(entry));
    return { position: index + 1, ...entry, chainHash: previous };
  });
}

/** `GET /v1/drops/{id}/claim-log`'s answer for the given entries (all in one page). */
export function claimLog(
  commitment: string,
  entries: TClaimLogEntry[] | null,
  changes: Partial<TClaimLog> = {},
): TClaimLog {
  const last = entries?.at(-1);
  return {
    dropId: dropIds.drop,
    head: { length: last?.position ?? 0, chainHash: last?.chainHash ?? commitment },
    isRevealed: entries !== null,
    entries,
    nextAfter: null,
    ...changes,
  };
}
