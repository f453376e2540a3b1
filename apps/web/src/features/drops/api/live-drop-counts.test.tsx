import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDrop, TDropLiveCounts } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { drop, dropIds, policy } from '../../../test/drops-fixtures.ts';
import { useLiveDropCounts } from './live-drop-counts.ts';

/** A stand-in for the browser's EventSource (happy-dom has none): what was opened, and a way to send it events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

function live(soldRound1: number, soldRound2: number, changes: Partial<TDropLiveCounts> = {}): TDropLiveCounts {
  return {
    dropId: dropIds.drop,
    status: 'AVAILABLE',
    isSoldOut: false,
    counts: { dropCount: 300, soldCount: soldRound1 + soldRound2 },
    rounds: [
      {
        id: dropIds.round1,
        round: 1,
        soldCount: soldRound1,
        leftCount: 100 - soldRound1,
        heldBackLeftCount: 0,
        state: 'ENDED',
      },
      {
        id: dropIds.round2,
        round: 2,
        soldCount: soldRound2,
        leftCount: 200 - soldRound2,
        heldBackLeftCount: 0,
        state: 'ON_SALE',
      },
    ],
    giftRound: null,
    at: '2026-11-22T21:00:05.000Z',
    ...changes,
  };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function renderLive(isEnabled = true, held: TDrop = drop()) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.drops.detail(dropIds.drop), held);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ enabled }) => useLiveDropCounts(dropIds.drop, enabled), {
    wrapper,
    initialProps: { enabled: isEnabled },
  });
  const cached = () => queryClient.getQueryData<TDrop>(queryKeys.drops.detail(dropIds.drop))!;
  return { hook, cached };
}

afterEach(() => {
  FakeEventSource.opened = [];
  setVisibility('visible');
});

describe('useLiveDropCounts', () => {
  it('opens the drop’s stream and writes each counts event into the cached drop', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { cached } = renderLive();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([`/v1/drops/${dropIds.drop}/live`]);
    const before = cached();

    // Round 2's packs held back for its pass holders move with the sale too (the drop page's "who can buy now").
    const round2HeldBack = (event: TDropLiveCounts) => ({
      ...event,
      rounds: event.rounds.map((round) => (round.round === 2 ? { ...round, heldBackLeftCount: 12 } : round)),
    });
    act(() => FakeEventSource.opened[0]!.emit('counts', JSON.stringify(round2HeldBack(live(100, 57)))));
    expect(cached().counts.soldCount).toBe(157);
    expect(cached().salePolicies.map((entry) => entry.soldCount)).toEqual([100, 57]);
    expect(cached().salePolicies.map((entry) => entry.heldBackLeftCount)).toEqual([0, 12]);
    // Everything else is as the drop's own read left it.
    expect(cached().contents).toBe(before.contents);
    expect(cached().viewer).toBe(before.viewer);

    act(() =>
      FakeEventSource.opened[0]!.emit(
        'counts',
        JSON.stringify(
          live(100, 200, {
            isSoldOut: true,
            rounds: live(100, 200).rounds.map((round) => ({ ...round, leftCount: 0, state: 'SOLD_OUT' })),
          }),
        ),
      ),
    );
    expect(cached()).toMatchObject({ isSoldOut: true, counts: { soldCount: 300 } });
  });

  it('leaves out counts read before the ones it shows (two instances publish on one stream behind nginx)', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { cached } = renderLive();
    const source = FakeEventSource.opened[0]!;
    act(() => source.emit('counts', JSON.stringify(live(100, 60, { at: '2026-11-22T21:00:06.000Z' }))));
    act(() => source.emit('counts', JSON.stringify(live(100, 57, { at: '2026-11-22T21:00:05.500Z' }))));
    expect(cached().counts.soldCount).toBe(160);
    // A release read later may lower the count: newer news wins, whichever way it goes.
    act(() => source.emit('counts', JSON.stringify(live(100, 59, { at: '2026-11-22T21:00:06.200Z' }))));
    expect(cached().counts.soldCount).toBe(159);
  });

  it('writes the packs given from the gift round, which the sale counts leave out', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const giftRound = {
      id: '0190a0b0-0000-7000-8000-00000000a003',
      round: 3,
      packCount: 50,
      beginIssuedPackNumber: 301,
      endIssuedPackNumber: 350,
      givenCount: 4,
    };
    const { cached } = renderLive(true, drop({ giftRound }));
    act(() =>
      FakeEventSource.opened[0]!.emit(
        'counts',
        JSON.stringify(live(10, 0, { giftRound: { packCount: 50, givenCount: 9 } })),
      ),
    );
    expect(cached().giftRound).toEqual({ ...giftRound, givenCount: 9 });
    expect(cached().counts.soldCount).toBe(10);
  });

  it('ignores what it cannot read and another drop’s counts', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { cached } = renderLive();
    const before = cached();
    act(() => FakeEventSource.opened[0]!.emit('counts', 'not json'));
    act(() => FakeEventSource.opened[0]!.emit('counts', JSON.stringify(live(3, 3, { dropId: dropIds.order }))));
    expect(cached()).toBe(before);
  });

  it('closes the stream while the page is hidden, opens a new one when it shows again, and closes it on unmount', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { hook } = renderLive();
    act(() => setVisibility('hidden'));
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.isClosed).toBe(true);
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.isClosed).toBe(false);
    hook.unmount();
    expect(FakeEventSource.opened[1]!.isClosed).toBe(true);
  });

  it('opens nothing for a drop that can no longer sell, and closes when it stops selling', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { hook } = renderLive(false);
    expect(FakeEventSource.opened).toEqual([]);
    hook.rerender({ enabled: true });
    expect(FakeEventSource.opened).toHaveLength(1);
    hook.rerender({ enabled: false });
    expect(FakeEventSource.opened[0]!.isClosed).toBe(true);
  });

  it('leaves the page to its own refresh where the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    const { cached } = renderLive();
    expect(cached().salePolicies[1]).toEqual(policy(2));
  });
});
