import type { TConsoleWithdrawal } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session.ts';
import { pathnameOf, queryOf } from '../../../test/catalog-fixtures.ts';
import { apiFailure, json, stubApi } from '../../../test/fake-api.ts';
import { listConsoleWithdrawalsNewestFirst } from './list-console-withdrawals.ts';

/** 45 withdrawals, numbered 1 (oldest) to 45, behind an API that pages them oldest first. */
function oldestFirstApi(count: number) {
  const rows = Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: `w-${n}`,
      method: 'usdc',
      status: n % 2 === 0 ? 'paid' : 'submitted',
      amount: { amount: n * 100, currency: 'USD' },
      fee: { amount: 0, currency: 'USD' },
      destination: '0x5290…9EE7',
      rejectionReason: null,
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
      updatedAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
      user: { id: 'u-1', email: 'fan@example.com' },
      payoutDetails: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    } satisfies TConsoleWithdrawal;
  });
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi(({ path }) => {
    if (pathnameOf(path) !== '/v1/console/withdrawals') return apiFailure(404, 'NOT_FOUND');
    const query = queryOf(path);
    const size = Number(query.get('size'));
    const page = Number(query.get('page'));
    const status = query.get('status');
    const matching = rows.filter((row) => !status || row.status === status);
    return json(200, {
      data: { items: matching.slice((page - 1) * size, page * size), page, size, total: matching.length },
    });
  });
}

const numbers = (items: { id: string }[]) => items.map((item) => Number(item.id.slice(2)));

describe('newest-first console withdrawals over the oldest-first API', () => {
  it('turns the pages around, keeping the page size and total', async () => {
    oldestFirstApi(45);
    const first = await listConsoleWithdrawalsNewestFirst({ page: 1, size: 20 });
    expect(numbers(first.items)).toEqual(Array.from({ length: 20 }, (_, index) => 45 - index));
    expect(first).toMatchObject({ page: 1, size: 20, total: 45 });

    const second = await listConsoleWithdrawalsNewestFirst({ page: 2, size: 20 });
    expect(numbers(second.items)).toEqual(Array.from({ length: 20 }, (_, index) => 25 - index));

    const last = await listConsoleWithdrawalsNewestFirst({ page: 3, size: 20 });
    expect(numbers(last.items)).toEqual([5, 4, 3, 2, 1]);

    expect((await listConsoleWithdrawalsNewestFirst({ page: 4, size: 20 })).items).toEqual([]);
  });

  it('pages within a state', async () => {
    oldestFirstApi(45);
    const paid = await listConsoleWithdrawalsNewestFirst({ page: 1, size: 5, status: 'paid' });
    expect(numbers(paid.items)).toEqual([44, 42, 40, 38, 36]);
    expect(paid.total).toBe(22);
  });
});
