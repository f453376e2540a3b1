import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, type TWaitingRoom, type TWaitingRoomViewer } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { balances, drop, dropIds, orderFee, policy, times } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { waitingRoomPollMs } from './api/get-waiting-room.ts';

// The waiting room of a first-come round (issue 18) on the drop page. Round 2 of the fixture drop (open to all) opens
// at 21:00 and has a room that opens for joining at 20:45, admitting one person a second.
const dropUrl = `/drops/${dropIds.drop}`;
const roomPath = `/v1/drops/${dropIds.drop}/rounds/2/waiting-room`;
const notJoined: TWaitingRoomViewer = {
  status: 'NOT_JOINED',
  joinedAt: null,
  place: null,
  placesAhead: null,
  estimatedWaitSeconds: null,
  admitAt: null,
  admissionToken: null,
  admissionExpiresAt: null,
  pollAfterSeconds: null,
};

/** The room as the API answers it now (its `now` is the test's clock), with the caller's part when signed in. */
function room(viewer: Partial<TWaitingRoomViewer> | null, changes: Partial<TWaitingRoom> = {}): TWaitingRoom {
  const now = new Date();
  const joinOpensAt = changes.joinOpensAt ?? '2026-11-22T20:45:00.000Z';
  return {
    dropId: dropIds.drop,
    policyId: dropIds.round2,
    round: 2,
    hasWaitingRoom: true,
    joinOpensAt,
    saleBeginAt: times.round2Begin,
    saleEndAt: times.dropEndAt,
    isOpenForJoining: now >= new Date(joinOpensAt),
    admitPerMinute: 60,
    tokenTtlSeconds: 300,
    requiresVerifiedPhone: false,
    now: now.toISOString(),
    viewer: viewer ? { ...notJoined, ...viewer } : null,
    ...changes,
  };
}

function at(iso: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
}
afterEach(() => vi.useRealTimers());

type Route = (request: SentRequest) => Response | undefined;

/** Answers the signed-in reader's own reads that every page makes: the account (Ada) and the notifications. */
function readerAnswer(path: string | undefined): Response | undefined {
  if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
  if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
  return undefined;
}

/** Answers the purchase's reads: the reader's balance and the fee for the quantity in `query`. */
function purchaseAnswer(path: string | undefined, query: string): Response | undefined {
  if (path === '/v1/balances/my') return json(200, { data: balances(10_000) });
  if (path === '/v1/orders/fee')
    return json(200, { data: orderFee(Number(new URLSearchParams(query).get('quantity'))) });
  return undefined;
}

/** A round's room as the API answers for a round that has none. */
const noRoom: Partial<TWaitingRoom> = {
  hasWaitingRoom: false,
  joinOpensAt: null,
  admitPerMinute: null,
  tokenTtlSeconds: null,
};

/** The API: the drop, the room as `viewer()` says (null for a visitor), and what `route` answers first. */
function api(viewer: () => Partial<TWaitingRoomViewer> | null, route: Route = () => undefined) {
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    const [path, query = ''] = request.path.split('?');
    if (path === roomPath && request.method === 'GET') return json(200, { data: room(viewer()) });
    if (path === `/v1/drops/${dropIds.drop}`) {
      const signedIn = viewer() !== null;
      return json(200, {
        data: drop({ viewer: signedIn ? { isWhitelisted: null, remaining: null, purchasedCount: 0 } : undefined }),
      });
    }
    return readerAnswer(path) ?? purchaseAnswer(path, query) ?? apiFailure(404, 'NOT_FOUND');
  });
}

const panel = () => screen.getByRole('region', { name: 'Waiting room' });
const figure = (term: string) => within(panel()).getByText(term).nextElementSibling?.textContent;

/** Expects Buy packs on offer and, beside it, round `round`'s own room open for joining. */
async function expectNextRoundsRoom(round: number) {
  expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
  const later = await screen.findByRole('region', { name: `Round ${round} waiting room` });
  expect(within(later).getByRole('button', { name: 'Join the waiting room' })).toBeEnabled();
  expect(later).toHaveTextContent(`Everyone who joins before round ${round} opens gets a place drawn at random`);
}

/** Admitted at 21:04:35, third of the room, with `token` valid until `expiresAt`. */
function admitted(token: string, expiresAt: string): Partial<TWaitingRoomViewer> {
  return {
    status: 'ADMITTED',
    joinedAt: '2026-11-22T20:50:00.000Z',
    place: 3,
    placesAhead: 0,
    estimatedWaitSeconds: 0,
    admitAt: '2026-11-22T21:04:35.000Z',
    admissionToken: token,
    admissionExpiresAt: expiresAt,
    pollAfterSeconds: 10,
  };
}

describe('drop page: the waiting room', () => {
  it('before it opens says when, with a countdown, and offers no Buy button; at its time, a visitor is sent to sign in', async () => {
    at('2026-11-22T20:44:00.000Z');
    api(() => null);
    renderApp(dropUrl);
    await screen.findByRole('region', { name: 'Waiting room' });
    // A minute to go; the fake clock also moves with real time, so a loaded machine may already show 59s or less.
    expect(panel()).toHaveTextContent(/Opens for joining in (1m 00s|[1-5]?\ds) \(/);
    expect(panel()).toHaveTextContent(/gets a place drawn at random, so arriving early gives no advantage/);
    expect(screen.queryByRole('button', { name: 'Buy packs' })).toBeNull();
    // A reminder of the round still stands beside it.
    expect(screen.getByRole('link', { name: 'Remind me' })).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(60_000);
    const signIn = await within(panel()).findByRole('link', { name: 'Sign in to join the waiting room' });
    expect(signIn).toHaveAttribute('href', `/signin?redirectTo=${encodeURIComponent(dropUrl)}`);
  });

  it('joins, waits for the draw, counts the people ahead down, and opens the purchase with the admission when it is my turn', async () => {
    at('2026-11-22T20:59:50.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let mine: Partial<TWaitingRoomViewer> = {};
    const sent = api(
      () => mine,
      (request) => {
        if (request.path === roomPath && request.method === 'POST') {
          mine = {
            status: 'WAITING',
            joinedAt: new Date().toISOString(),
            estimatedWaitSeconds: 10,
            pollAfterSeconds: 10,
          };
          return json(201, { data: room(mine) });
        }
        if (request.path === '/v2/orders') {
          return json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } });
        }
        return undefined;
      },
    );
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Join the waiting room' }));
    await waitFor(() => expect(panel()).toHaveTextContent('You are in the waiting room.'));
    expect(panel()).toHaveTextContent(/Places are drawn when round 2 opens, in \d+s/);
    expect(sent.filter((request) => request.path === roomPath && request.method === 'POST')).toHaveLength(1);

    // At the opening the places are drawn: mine is 12, admitted at 21:00:11.
    mine = { ...mine, place: 12, admitAt: '2026-11-22T21:00:11.000Z', placesAhead: 11, pollAfterSeconds: 6 };
    await vi.advanceTimersByTimeAsync(11_000);
    await waitFor(() => expect(figure('Your place')).toBe('12'));
    // People ahead come from the admission time and the clock, not the API's 11: 9 at 21:00:01. The fake clock also
    // moves with real time (the Testing Library's waits need it to), so on a loaded machine it may be a second or more
    // further on and the count lower: CI read 8 once. Hence bounds, not one number.
    const peopleAhead = () => Number(figure('People ahead'));
    const atDraw = peopleAhead();
    expect(atDraw).toBeLessThanOrEqual(9);
    expect(atDraw).toBeGreaterThan(0);
    expect(figure('Estimated wait')).toBe('Under a minute');
    expect(screen.getByText('Places drawn: you are number 12.')).toBeInTheDocument();
    // The count moves with the clock between polls, by at least the five seconds (one place a second).
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(peopleAhead()).toBeLessThanOrEqual(atDraw - 5));

    mine = {
      ...mine,
      status: 'ADMITTED',
      placesAhead: 0,
      estimatedWaitSeconds: 0,
      admissionToken: 'admission-for-me',
      admissionExpiresAt: '2026-11-22T21:05:11.000Z',
    };
    await vi.advanceTimersByTimeAsync(5_000);
    const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await within(dialog).findByText('Total');
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    await waitFor(() => expect(sent.some((request) => request.path === '/v2/orders')).toBe(true));
    expect(sent.find((request) => request.path === '/v2/orders')?.body).toEqual({
      dropId: dropIds.drop,
      quantity: 1,
      paymentMethod: 'BALANCE',
      admissionToken: 'admission-for-me',
      expectedTotal: { amount: 1_313, currency: 'USD' },
    });
  });

  it('once my turn has passed, says so and joins again at the back', async () => {
    at('2026-11-22T21:10:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let mine: Partial<TWaitingRoomViewer> = {
      status: 'EXPIRED',
      joinedAt: '2026-11-22T20:50:00.000Z',
      place: 3,
      placesAhead: 0,
      admitAt: '2026-11-22T21:00:02.000Z',
    };
    api(
      () => mine,
      (request) => {
        if (request.path !== roomPath || request.method !== 'POST') return undefined;
        mine = {
          status: 'WAITING',
          joinedAt: new Date().toISOString(),
          place: 40,
          admitAt: '2026-11-22T21:10:30.000Z',
          placesAhead: 29,
          estimatedWaitSeconds: 30,
          pollAfterSeconds: 15,
        };
        return json(201, { data: room(mine) });
      },
    );
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(
      await within(await screen.findByRole('region', { name: 'Waiting room' })).findByText('Your turn has passed'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy packs' })).toBeNull();
    await user.click(within(panel()).getByRole('button', { name: 'Join again' }));
    await waitFor(() => expect(figure('Your place')).toBe('40'));
    expect(figure('People ahead')).toBe('29');
  });

  it('says in the purchase popup how long my turn lasts, with a timer that is not read out every second', async () => {
    at('2026-11-22T21:05:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    api(() => admitted('admission-for-me', '2026-11-22T21:09:35.000Z'));
    renderApp(dropUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    // 4m 35s left; the fake clock also moves with real time, so a loaded machine may show a second or two less.
    expect(within(dialog).getByText(/^Your turn ends in/)).toHaveTextContent(/^Your turn ends in 4m 3[0-5]s$/);
    const timer = within(dialog).getByRole('timer');
    expect(timer).toHaveAttribute('datetime', '2026-11-22T21:09:35.000Z');
    expect(timer.closest('[aria-live]')).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(timer).toHaveTextContent(/^4m 2[0-5]s$/);
  });

  it('shows a sold-out round sold out and nothing else: no room, no turn, no Buy, no allowance; a pack back on sale brings the room back', async () => {
    at('2026-11-22T21:05:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    // Round 2's last packs are held for card payments (they count as sold until the payments end).
    let round2 = policy(2, { perPersonLimit: 2, soldCount: 1_000 });
    const sent = stubApi((request) => {
      const [path, query = ''] = request.path.split('?');
      if (path === roomPath) return json(200, { data: room(admitted('admission-for-me', '2026-11-22T21:09:35.000Z')) });
      if (path === `/v1/drops/${dropIds.drop}`) {
        const viewer = { isWhitelisted: null, remaining: 2, purchasedCount: 0 };
        return json(200, { data: drop({ salePolicies: [policy(1), round2], viewer }) });
      }
      return readerAnswer(path) ?? purchaseAnswer(path, query) ?? apiFailure(404, 'NOT_FOUND');
    });
    renderApp(dropUrl);
    expect(await screen.findByText(errorCatalogue.SOLD_OUT.message)).toBeInTheDocument();
    expect(screen.getByText('Round 2 sold out')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting room' })).toBeNull();
    expect(screen.queryByText('It is your turn')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy packs' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Your allowance' })).toBeNull();
    expect(screen.queryByText(/You may buy in round 2|You can buy up to/)).toBeNull();
    expect(sent.filter((request) => request.path === roomPath)).toEqual([]);

    // A hold ran out: a pack is on sale again, the next read of the drop says so, and it is my turn again.
    round2 = policy(2, { perPersonLimit: 2, soldCount: 999 });
    await vi.advanceTimersByTimeAsync(30_000);
    const back = await screen.findByRole('region', { name: 'Waiting room' });
    expect(await within(back).findByText('It is your turn')).toBeInTheDocument();
    expect(screen.queryByText(errorCatalogue.SOLD_OUT.message)).toBeNull();
  });

  it('signed out, shows a sold-out round sold out: no way to join or to buy', async () => {
    at('2026-11-22T21:05:00.000Z');
    stubApi((request) => {
      const path = request.path.split('?')[0];
      if (path === roomPath) return json(200, { data: room(null) });
      if (path === `/v1/drops/${dropIds.drop}`) {
        return json(200, { data: drop({ salePolicies: [policy(1), policy(2, { soldCount: 1_000 })] }) });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp(dropUrl);
    expect(await screen.findByText(errorCatalogue.SOLD_OUT.message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to join the waiting room' })).toBeNull();
    expect(screen.queryByText(/Everyone who joins before round 2 opens/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in to buy' })).toBeNull();
    expect(screen.queryByText(/how many packs you may buy/)).toBeNull();
  });

  it('while round 1 sells and a raffle round is next, offers round 3’s room as soon as it opens for joining', async () => {
    at('2026-11-22T19:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const round3Id = '0190a0b0-0000-7000-8000-00000000a003';
    const raffleRound = policy(2, { isRaffle: true, saleEndAt: '2026-11-23T09:00:00.000Z' });
    const round3 = policy(2, {
      id: round3Id,
      round: 3,
      saleBeginAt: '2026-11-23T09:00:00.000Z',
      beginIssuedPackNumber: 1_101,
      endIssuedPackNumber: 1_200,
    });
    const round3Path = `/v1/drops/${dropIds.drop}/rounds/3/waiting-room`;
    stubApi((request) => {
      const [path = ''] = request.path.split('?');
      if (path === round3Path) {
        const round3Room = { round: 3, policyId: round3Id, saleBeginAt: round3.saleBeginAt };
        return json(200, { data: room({}, { ...round3Room, joinOpensAt: '2026-11-22T19:00:00.000Z' }) });
      }
      if (path.endsWith('/waiting-room')) {
        const round = Number(path.split('/').at(-2));
        const policyId = round === 1 ? dropIds.round1 : dropIds.round2;
        return json(200, { data: room(null, { ...noRoom, round, policyId, isOpenForJoining: false }) });
      }
      if (path === `/v1/drops/${dropIds.drop}`) {
        const viewer = { isWhitelisted: true, remaining: 2, purchasedCount: 0 };
        return json(200, { data: drop({ salePolicies: [policy(1), raffleRound, round3], viewer }) });
      }
      return readerAnswer(path) ?? apiFailure(404, path.startsWith('/v1/raffles/') ? 'RAFFLE_NOT_FOUND' : 'NOT_FOUND');
    });
    renderApp(dropUrl);
    await expectNextRoundsRoom(3);
    expect(screen.queryByRole('region', { name: 'Round 2 waiting room' })).toBeNull();
  });

  it('opens the purchase by itself once per admission: not again when the page is mounted again (Back from a purchase)', async () => {
    at('2026-11-22T21:05:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    api(() => admitted('admission-once', '2026-11-22T21:09:35.000Z'));
    const { router } = renderApp(dropUrl);
    await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await act(() => router.navigate('/drops'));
    await act(() => router.navigate(dropUrl));
    expect(await within(panel()).findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Buy packs of Neon Genesis' })).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('keeps asking while the page ticks, as the API says: an admission that passed shows without any click', async () => {
    at('2026-11-22T21:05:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let mine: Partial<TWaitingRoomViewer> = admitted('admission-for-me', '2026-11-22T21:05:10.000Z');
    const sent = api(() => mine);
    renderApp(dropUrl);
    // Admitted: the purchase opens by itself; closing it leaves Buy packs in the panel.
    await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).keyboard('{Escape}');
    expect(await within(panel()).findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    mine = { ...mine, status: 'EXPIRED', admissionToken: null, admissionExpiresAt: null, pollAfterSeconds: null };
    const polls = () => sent.filter((request) => request.path === roomPath).length;
    const before = polls();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(await within(panel()).findByText('Your turn has passed')).toBeInTheDocument();
    expect(polls()).toBe(before + 1);
    expect(within(panel()).queryByRole('button', { name: 'Buy packs' })).toBeNull();
    // Nothing changes by itself any more: no more polls.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(polls()).toBe(before + 1);
  });

  it('while a round without a room sells, shows the next round’s room under the Buy button once it opens for joining', async () => {
    at('2026-11-22T19:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) => {
      const path = request.path.split('?')[0];
      if (path === `/v1/drops/${dropIds.drop}/rounds/1/waiting-room`) {
        return json(200, {
          data: room(null, { ...noRoom, round: 1, policyId: dropIds.round1, saleBeginAt: times.dropBeginAt }),
        });
      }
      if (path === roomPath) return json(200, { data: room({}, { joinOpensAt: '2026-11-22T19:00:00.000Z' }) });
      if (path === `/v1/drops/${dropIds.drop}`) {
        return json(200, { data: drop({ viewer: { isWhitelisted: true, remaining: 2, purchasedCount: 0 } }) });
      }
      return readerAnswer(path) ?? apiFailure(404, 'NOT_FOUND');
    });
    renderApp(dropUrl);
    await expectNextRoundsRoom(2);
    expect(screen.queryByRole('region', { name: 'Waiting room' })).toBeNull();
  });

  it('says why joining was refused, in the catalogue’s words, with the way to fix it', async () => {
    at('2026-11-22T20:50:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    api(
      () => ({}),
      (request) =>
        request.path === roomPath && request.method === 'POST'
          ? apiFailure(403, 'PHONE_VERIFICATION_REQUIRED')
          : undefined,
    );
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Join the waiting room' }));
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'This waiting room needs a verified phone. Turn on two-factor sign-in by SMS under account security.',
    );
    expect(within(alert).getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/account/security');
    expect(screen.getByRole('button', { name: 'Join the waiting room' })).toBeEnabled();
  });
});

describe('waitingRoomPollMs', () => {
  const placed = (pollAfterSeconds: number | null) => room({ status: 'WAITING', pollAfterSeconds });
  it('asks when the API says, plus under a second taken from when the answer came, and not at all when nothing will change by itself', () => {
    expect(waitingRoomPollMs(placed(30), 0, 0)).toBe(30_000);
    expect(waitingRoomPollMs(placed(30), 0, 1_764_000_000_500)).toBe(30_500);
    // The same state gives the same answer, however often it is asked.
    expect(waitingRoomPollMs(placed(30), 0, 1_764_000_000_777)).toBe(
      waitingRoomPollMs(placed(30), 0, 1_764_000_000_777),
    );
    expect(waitingRoomPollMs(placed(null), 0, 0)).toBe(false);
    expect(waitingRoomPollMs(undefined, 0, 0)).toBe(false);
  });
  it('backs off after failures: 2, 4, 8 ... seconds, never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((failures) => waitingRoomPollMs(placed(1), failures, 0))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
