import type { TConsolePass, TOrderFee, TPass } from '@cypher/contract';
import { brand } from './catalog-fixtures.ts';
import { dropIds, usd } from './drops-fixtures.ts';

/**
 * Passes for tests, valid against the contract's schemas. The pass is on sale from Nov 20 to Dec 20, 2026 and valid
 * from Nov 20, 2026 to Feb 18, 2027; 500 issued, 412 left, $25.00, up to 3 per person. It opens round 2 of the drop
 * in drops-fixtures.ts.
 */
export const passIds = {
  pass: '0190a0b0-0000-7000-8000-0000000a5501',
  other: '0190a0b0-0000-7000-8000-0000000a5502',
};

export const passTimes = {
  saleBeginAt: '2026-11-20T18:00:00.000Z',
  saleEndAt: '2026-12-20T18:00:00.000Z',
  validFrom: '2026-11-20T18:00:00.000Z',
  validUntil: '2027-02-18T18:00:00.000Z',
};

const { id, slug, name, type, logoUrl } = brand();

export function pass(changes: Partial<TPass> = {}): TPass {
  return {
    id: passIds.pass,
    brand: { id, slug, name, type, logoUrl },
    name: 'Neon Season Pass',
    description: 'A season in the arcade: first in line for every Neon Arcade drop.',
    imageUrl: '/uploads/neon-season-pass.webp',
    benefits: [
      'Opens round 2 of every Neon Arcade drop this season',
      'A guaranteed pack in each holders’ round',
      'Early word of new drops',
    ],
    supply: 500,
    remaining: 412,
    price: usd(2_500),
    perPersonLimit: 3,
    ...passTimes,
    status: 'ON_SALE',
    opensRounds: [
      {
        dropId: dropIds.drop,
        dropName: 'Neon Genesis',
        round: 2,
        saleBeginAt: '2026-11-22T21:00:00.000Z',
        saleEndAt: '2026-11-24T18:00:00.000Z',
      },
    ],
    held: 0,
    pending: 0,
    // Unless a test says otherwise, every pass held or pending was bought.
    bought: (changes.held ?? 0) + (changes.pending ?? 0),
    ...changes,
  };
}

export function consolePass(changes: Partial<TConsolePass> = {}): TConsolePass {
  const { held: _held, pending: _pending, bought: _bought, ...shown } = pass();
  return {
    ...shown,
    publicationStatus: 'PUBLISHED',
    publishedAt: '2026-11-01T00:00:00.000Z',
    sold: 88,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...changes,
  };
}

/** `GET /v1/orders/fee?passId&quantity` for the pass at $25.00. */
export function passFee(quantity: number, unit = 2_500): TOrderFee {
  const subtotal = unit * quantity;
  const serviceFee = Math.max(50, Math.floor((subtotal * 500 + 5_000) / 10_000));
  return {
    itemKind: 'PASS',
    itemId: passIds.pass,
    dropId: null,
    round: null,
    quantity,
    unitPrice: usd(unit),
    unitPriceCyp: { amount: unit * 100, currency: 'CYP' },
    subtotal: usd(subtotal),
    serviceFee: usd(serviceFee),
    total: usd(subtotal + serviceFee),
  };
}
