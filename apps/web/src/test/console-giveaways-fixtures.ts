import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type {
  TConsoleAirdrop,
  TConsoleAttendanceCalendar,
  TConsoleRedeemBatch,
  TConsoleTicketKind,
  TEditionPool,
  TGrant,
} from '@cypher/contract';
import { brand, consoleMe, ids, page, pathnameOf, productItem, consoleProductItem } from './catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from './fake-api.ts';
import { balances } from './drops-fixtures.ts';
import { consolePass, passIds } from './passes-fixtures.ts';
import { startSession } from '../lib/session.ts';

/**
 * The console's giveaways for tests (issue 20): attendance calendars, redeem batches, airdrops and the edition pools
 * and ticket kinds they give from, valid against the contract's schemas. Attendance days begin at midnight in
 * Asia/Seoul, where it is Nov 22, 2026.
 */
const at = '2026-11-01T00:00:00.000Z';
const { id, slug, name, type, logoUrl } = brand();
const brandSummary = { id, slug, name, type, logoUrl };
const admin = { id: ids.manager, email: 'admin@example.com', nickname: 'Ops' };

export const giveawayIds = {
  calendar: '0190a0b0-0000-7000-8000-0000000f0001',
  batch: '0190a0b0-0000-7000-8000-0000000f1001',
  airdrop: '0190a0b0-0000-7000-8000-0000000f2001',
  dropTicket: '0190a0b0-0000-7000-8000-0000000f3001',
  pool: '0190a0b0-0000-7000-8000-0000000f4001',
  newPool: '0190a0b0-0000-7000-8000-0000000f4002',
};

const attendanceZone = { timeZone: 'Asia/Seoul', today: '2026-11-22' };

export function ticketKind(changes: Partial<TConsoleTicketKind> = {}): TConsoleTicketKind {
  return {
    id: giveawayIds.dropTicket,
    name: 'Drop ticket',
    imageUrl: null,
    description: null,
    brand: null,
    price: null,
    maxPerOrder: 10,
    isActive: true,
    usedFor: 'Enter raffle rounds',
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
}

export function editionPool(changes: Partial<TEditionPool> = {}): TEditionPool {
  const dragon = productItem();
  return {
    id: giveawayIds.pool,
    brand: brandSummary,
    product: {
      id: dragon.id,
      name: dragon.name,
      rarity: dragon.rarity,
      imageThumbnailUrl: dragon.imageThumbnailUrl ?? '',
    },
    size: 10,
    remaining: 7,
    createdAt: at,
    ...changes,
  };
}

export const shownGrants = {
  credit: (amount = 500): TGrant => ({
    kind: 'CREDIT',
    description: `${(amount / 100).toFixed(2)} CYP`,
    credit: { amount, currency: 'CYP' },
  }),
  tickets: (count = 2): TGrant => ({
    kind: 'TICKETS',
    description: `${count} Drop tickets`,
    ticketKind: { id: giveawayIds.dropTicket, name: 'Drop ticket', imageUrl: null },
    count,
  }),
  pass: (): TGrant => ({
    kind: 'PASS',
    description: 'Neon Season Pass',
    pass: { id: passIds.pass, name: 'Neon Season Pass', imageUrl: '/uploads/neon-season-pass.webp' },
  }),
  edition: (): TGrant => ({
    kind: 'EDITION',
    description: 'An edition of Dragon of the Eighth Bit',
    editionPool: { id: giveawayIds.pool, product: editionPool().product },
  }),
};

export function calendar(changes: Partial<TConsoleAttendanceCalendar> = {}): TConsoleAttendanceCalendar {
  return {
    id: giveawayIds.calendar,
    name: 'November check-in',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    timeZone: attendanceZone.timeZone,
    dailyReward: shownGrants.credit(),
    dayRewards: [{ date: '2026-11-30', reward: shownGrants.edition() }],
    streakBonuses: [{ streakDays: 7, reward: shownGrants.pass() }],
    checkInCount: 1234,
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
}

/** When the batch the console's revoke answers for (`POST .../revoke` below) was revoked. */
export const batchRevokedAt = '2026-11-20T09:30:00.000Z';

export function redeemBatch(changes: Partial<TConsoleRedeemBatch> = {}): TConsoleRedeemBatch {
  return {
    id: giveawayIds.batch,
    name: 'Launch party',
    grant: shownGrants.tickets(3),
    codeCount: 1000,
    usesPerCode: 1,
    usesPerPerson: 1,
    validFrom: '2026-11-01T00:00:00.000Z',
    validUntil: '2099-12-31T00:00:00.000Z',
    useCount: 96,
    usedCodeCount: 96,
    createdBy: admin,
    createdAt: at,
    revokedAt: null,
    ...changes,
  };
}

export function airdrop(changes: Partial<TConsoleAirdrop> = {}): TConsoleAirdrop {
  return {
    id: giveawayIds.airdrop,
    name: 'Thank-you drop',
    grant: shownGrants.credit(1000),
    audience: { kind: 'PEOPLE', pass: null },
    status: 'COMPLETED',
    progress: { total: 3, delivered: 3, outOfStock: 0, accountDeleted: 0, pending: 0 },
    createdBy: admin,
    createdAt: at,
    completedAt: '2026-11-01T00:01:00.000Z',
    ...changes,
  };
}

/**
 * An operator's console (an admin unless told) whose pickers list the Drop ticket, the Neon Season Pass, the Dragon
 * pool and Neon Arcade's products, and what `answer` says about the rest.
 */
export function consoleWithGiveaways(
  answer: (request: SentRequest) => Response | Promise<Response> | undefined,
  { isAdmin = true }: { isAdmin?: boolean } = {},
): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const handled = answer(request);
    if (handled) return handled;
    switch (pathnameOf(request.path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ isOperator: true }) });
      case '/v1/console/me':
        return json(200, {
          data: isAdmin ? consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) : consoleMe(),
        });
      case '/v1/console/brands':
        return json(200, { data: page([brand()]) });
      case '/v1/console/ticket-kinds':
        return json(200, {
          data: page([
            ticketKind(),
            ticketKind({ id: '0190a0b0-0000-7000-8000-0000000f3002', name: 'Neon ticket', brand: brandSummary }),
          ]),
        });
      case '/v1/console/passes': {
        // A draft beside the published pass: nothing gives or airdrops to its holders until it is published. As the
        // API, `status` keeps only the passes in that state.
        const passes = [
          consolePass(),
          consolePass({
            id: '0190a0b0-0000-7000-8000-0000000f4002',
            name: 'Draft Pass',
            publicationStatus: 'DRAFT',
            publishedAt: null,
            sold: 0,
          }),
        ];
        const status = new URL(request.path, 'http://localhost').searchParams.get('status');
        return json(200, { data: page(passes.filter((pass) => !status || pass.publicationStatus === status)) });
      }
      case `/v1/console/airdrops/${giveawayIds.airdrop}/recipients`:
        // Nobody listed yet, by default: a test of the recipients answers its own.
        return json(200, { data: page([]) });
      case `/v1/console/passes/${passIds.pass}`:
        return json(200, { data: consolePass() });
      case '/v1/console/edition-pools':
        return json(200, { data: page([editionPool()]) });
      case `/v1/console/edition-pools/${giveawayIds.pool}`:
        return json(200, { data: editionPool() });
      case '/v1/console/products':
        return json(200, { data: page([consoleProductItem()]) });
      case `/v1/console/redeem-batches/${giveawayIds.batch}/revoke`:
        return request.method === 'POST'
          ? json(200, { data: redeemBatch({ revokedAt: batchRevokedAt }) })
          : apiFailure(404, 'NOT_FOUND');
      case '/v1/balances/my':
        // The CYP unit a credit is typed in: two decimals, as the API's default (a test may answer another).
        return json(200, { data: balances(0) });
      case '/v2/attendance/rewards':
        return json(200, { data: { ...attendanceZone, calendar: null, me: null } });
      default:
        return apiFailure(404, 'NOT_FOUND');
    }
  });
}

/** The confirmation a new batch asks for: what it says, then the batch is made. */
export async function confirmBatch(user: ReturnType<typeof userEvent.setup>, says: RegExp) {
  const dialog = await screen.findByRole('dialog', { name: 'Make these codes?' });
  expect(dialog).toHaveAccessibleDescription(says);
  await user.click(within(dialog).getByRole('button', { name: 'Make codes' }));
}
