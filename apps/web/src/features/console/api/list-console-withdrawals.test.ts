import type { TConsoleWithdrawal } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/session.ts';
import { pathnameOf, queryOf } from '../../../test/catalog-fixtures.ts';
import { apiFailure, json, stubApi } from '../../../test/fake-api.ts';
import { listConsoleWithdrawals } from './list-console-withdrawals.ts';

function row(n: number): TConsoleWithdrawal {
  const at = new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString();
  return {
    id: `w-${n}`,
    method: 'usdc',
    status: 'submitted',
    amount: { amount: n * 100, currency: 'USD' },
    fee: { amount: 0, currency: 'USD' },
    destination: '0x5290…9EE7',
    rejectionReason: null,
    failureReason: null,
    payoutReference: null,
    createdAt: at,
    updatedAt: at,
    user: { id: 'u-1', email: 'fan@example.com', nickname: 'Fan' },
    payoutDetails: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  };
}

describe('listConsoleWithdrawals', () => {
  it('reads the one page asked for, in the order the API gives (newest first), with the person', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const sent = stubApi(({ path }) => {
      if (pathnameOf(path) !== '/v1/console/withdrawals') return apiFailure(404, 'NOT_FOUND');
      return json(200, { data: { items: [row(25), row(24), row(23)], page: 2, size: 3, total: 45 } });
    });

    const answer = await listConsoleWithdrawals({ page: 2, size: 3, status: 'submitted' });

    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.authorization).toBe('Bearer access-1');
    expect(Object.fromEntries(queryOf(sent[0]!.path))).toEqual({ page: '2', size: '3', status: 'submitted' });
    expect(answer).toMatchObject({ page: 2, size: 3, total: 45 });
    expect(answer.items.map((item) => item.id)).toEqual(['w-25', 'w-24', 'w-23']);
    expect(answer.items[0]!.user).toEqual({ id: 'u-1', email: 'fan@example.com', nickname: 'Fan' });
  });

  it('refuses an answer that does not match the contract', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    stubApi(() => json(200, { data: { items: [{ id: 'w-1' }], page: 1, size: 20, total: 1 } }));
    await expect(listConsoleWithdrawals({})).rejects.toThrow();
  });
});
