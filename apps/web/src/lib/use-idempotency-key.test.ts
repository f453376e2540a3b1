import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNANSWERED_ATTEMPT_MS, useIdempotencyKey } from './use-idempotency-key.ts';

/** The hook as a page mounts it: a reload mounts it afresh, with nothing in memory but the tab's storage. */
const mount = (name: string) => renderHook(() => useIdempotencyKey(name)).result.current;
const order = { dropId: 'd1', quantity: 1 };

afterEach(() => vi.useRealTimers());

describe('useIdempotencyKey', () => {
  it('keeps one key for the same body, and a new one for another body or after it is settled', () => {
    const attempt = mount('purchase');
    const key = attempt.keyFor(order);
    expect(attempt.keyFor({ ...order })).toBe(key);
    expect(attempt.keyFor({ ...order, quantity: 2 })).not.toBe(key);
    const again = attempt.keyFor(order);
    attempt.settle();
    expect(attempt.keyFor(order)).not.toBe(again);
  });

  it('gives a page loaded again the unanswered attempt of the same body, under its name only', () => {
    const key = mount('purchase').keyFor(order);
    expect(mount('purchase').keyFor(order)).toBe(key);
    expect(mount('deposit').keyFor(order)).not.toBe(key);
    expect(mount('purchase').keyFor({ ...order, quantity: 2 })).not.toBe(key);
  });

  it('forgets an answered attempt, and one left unanswered past its time', () => {
    const answered = mount('purchase');
    const key = answered.keyFor(order);
    answered.settle();
    expect(mount('purchase').keyFor(order)).not.toBe(key);

    vi.useFakeTimers({ now: new Date('2026-12-06T20:00:00Z') });
    const lateKey = mount('withdrawal').keyFor(order);
    vi.setSystemTime(Date.now() + UNANSWERED_ATTEMPT_MS - 1);
    // Sent again within its time, it is kept from then on.
    expect(mount('withdrawal').keyFor(order)).toBe(lateKey);
    vi.setSystemTime(Date.now() + UNANSWERED_ATTEMPT_MS);
    expect(mount('withdrawal').keyFor(order)).not.toBe(lateKey);
  });
});
