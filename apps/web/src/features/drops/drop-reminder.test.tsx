import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { raffleCommitment, type TDrop, type TDropReminder, type TRaffleDraw } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { balances, drop, dropIds, policy, times } from '../../test/drops-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// "Remind me" on the drop page (issue 22): on a drop not on sale yet, and between rounds.
const dropUrl = `/drops/${dropIds.drop}`;
const upcoming = (reminder: TDropReminder | null) =>
  drop({ status: 'NEXT', viewer: { isWhitelisted: true, remaining: 2, purchasedCount: 0, reminder } });
const round1 = (isSet: boolean): TDropReminder => ({
  policyId: dropIds.round1,
  round: 1,
  saleBeginAt: times.dropBeginAt,
  isSet,
});

function at(iso: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
}
afterEach(() => vi.useRealTimers());

type Route = (request: SentRequest) => Response | Promise<Response> | undefined;

/**
 * The API: the drop as `current()` says, and the reminder calls answered by `reminders` (or as the API would); `route`
 * answers first.
 */
function api(current: () => TDrop, reminders?: Route, route: Route = () => undefined) {
  return stubApi(async (request) => {
    const routed = await route(request);
    if (routed) return routed;
    const path = request.path.split('?')[0];
    if (path === `/v1/drops/${dropIds.drop}/reminders`) {
      const answer = await reminders?.(request);
      if (answer) return answer;
      return request.method === 'POST' ? json(201, { data: round1(true) }) : json(204);
    }
    if (path === `/v1/drops/${dropIds.drop}`) return json(200, { data: current() });
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/balances/my') return json(200, { data: balances(10_000) });
    if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('drop page: Remind me', () => {
  it('signed out, leads to sign-in and back, instead of a Buy button that cannot be used yet', async () => {
    at('2026-11-22T17:00:00.000Z');
    api(() => drop({ status: 'NEXT' }));
    renderApp(dropUrl);
    const remind = await screen.findByRole('link', { name: 'Remind me' });
    expect(remind).toHaveAttribute('href', `/signin?redirectTo=${encodeURIComponent(dropUrl)}`);
    expect(remind).toHaveAccessibleDescription('Sign in, and we will tell you when round 1 opens.');
    expect(screen.queryByRole('button', { name: 'Buy packs' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in to buy' })).toBeNull();
  });

  it('signed in, sets the reminder, says so, and cancels it', async () => {
    at('2026-11-22T17:00:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let reminder = round1(false);
    const sent = api(
      () => upcoming(reminder),
      (request) => {
        reminder = round1(request.method === 'POST');
        return undefined;
      },
    );
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const remind = await screen.findByRole('button', { name: 'Remind me' });
    expect(remind).toHaveAccessibleDescription(/^A notification and an email when round 1 opens \(/);
    expect(screen.queryByRole('button', { name: 'Buy packs' })).toBeNull();

    await user.click(remind);
    const cancel = await screen.findByRole('button', { name: 'Cancel the reminder for round 1' });
    expect(screen.getByText('Reminder set')).toBeInTheDocument();
    // Announced where the button was: the live region holds the new state.
    expect(cancel.closest('[aria-live="polite"]')).toHaveTextContent('Reminder set for round 1');
    expect(screen.getByText(/^We will send you a notification and an email when round 1 opens/)).toBeInTheDocument();
    const posted = sent.find((request) => request.method === 'POST' && request.path.endsWith('/reminders'));
    expect(posted?.body).toEqual({ policyId: dropIds.round1 });

    await user.click(cancel);
    expect(await screen.findByRole('button', { name: 'Remind me' })).toBeEnabled();
    expect(
      sent.some((request) => request.method === 'DELETE' && request.path.includes(`policyId=${dropIds.round1}`)),
    ).toBe(true);
  });

  it('shows that it is sending, and a refusal in the catalogue’s words', async () => {
    at('2026-11-22T17:00:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const answer = deferred<Response>();
    const sent = api(
      () => upcoming(round1(false)),
      () => answer.promise,
    );
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const remind = await screen.findByRole('button', { name: 'Remind me' });
    await user.click(remind);
    await waitFor(() => expect(remind).toHaveAttribute('aria-busy', 'true'));
    // A second press while it is on its way sends nothing more.
    await user.click(remind);
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
    answer.resolve(apiFailure(403, 'REMINDER_NOT_WHITELISTED'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This round is only open to people on its whitelist, so we cannot remind you of it.',
    );
    expect(screen.getByRole('button', { name: 'Remind me' })).toBeEnabled();
  });

  it('between rounds offers the next one; while a round sells, Buy stays the action beside a reminder set', async () => {
    at('2026-11-22T20:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const round2 = (isSet: boolean): TDropReminder => ({
      policyId: dropIds.round2,
      round: 2,
      saleBeginAt: times.round2Begin,
      isSet,
    });
    let current = drop({
      viewer: { isWhitelisted: null, remaining: null, purchasedCount: 0, reminder: round2(false) },
    });
    api(() => current);
    const { unmount } = renderApp(dropUrl);
    const panel = await screen.findByText('Round 2 is next');
    expect(within(panel.parentElement!).getByRole('button', { name: 'Remind me' })).toBeInTheDocument();
    unmount();

    // Round 1 on sale, round 2's reminder set: buying comes first, the reminder is shown beside it.
    vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
    current = drop({
      salePolicies: [policy(1, { whitelists: [] }), policy(2)],
      viewer: { isWhitelisted: null, remaining: 2, purchasedCount: 0, reminder: round2(true) },
    });
    renderApp(dropUrl);
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel the reminder for round 2' })).toBeInTheDocument();
  });

  it('offers no reminder of a raffle round to an entrant its draw did not pick; a winner is offered one', async () => {
    at('2026-11-22T20:30:00.000Z');
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    // The drop as read before the draw: round 2 (a raffle) was the round to remind of.
    const round2: TDropReminder = { policyId: dropIds.round2, round: 2, saleBeginAt: times.round2Begin, isSet: false };
    const current = drop({
      salePolicies: [policy(1), policy(2, { isRaffle: true })],
      viewer: { isWhitelisted: null, remaining: null, purchasedCount: 0, reminder: round2 },
    });
    const seedHex = 'a'.repeat(64);
    const drawn = (wonIn: 1 | null): TRaffleDraw => ({
      roundId: dropIds.round2,
      dropId: dropIds.drop,
      round: 2,
      algorithm: 'sha256-rank-v1',
      commitment: raffleCommitment(seedHex),
      seedHex,
      registrationOpensAt: '2026-11-22T10:00:00.000Z',
      registrationClosesAt: '2026-11-22T20:00:00.000Z',
      drawnAt: '2026-11-22T20:00:05.000Z',
      places: 1,
      entriesCount: 2,
      entries: ['r-7f3a9c', 'r-0b1d2e'],
      winners: [wonIn === 1 ? 'r-7f3a9c' : 'r-0b1d2e'],
      secondDraw: null,
      rules: {
        ticketKind: null,
        isFreeForPassHolders: false,
        requiredPass: null,
        ticketsOnLoss: 'KEPT',
        purchaseWindowEndsAt: '2026-11-22T22:00:00.000Z',
      },
      mine: { handle: 'r-7f3a9c', enteredAt: '2026-11-22T12:00:00.000Z', hasSpentTicket: false, wonIn },
    });
    let raffle = drawn(null);
    api(
      () => current,
      () => undefined,
      (request) => (request.path.startsWith(`/v1/raffles/${dropIds.round2}`) ? json(200, { data: raffle }) : undefined),
    );
    const { unmount } = renderApp(dropUrl);
    const panel = await screen.findByRole('region', { name: 'Round 2 is a raffle' });
    await waitFor(() => expect(panel).toHaveTextContent('Not drawn this time'));
    expect(screen.queryByRole('button', { name: 'Remind me' })).toBeNull();
    expect(screen.queryByText(/A notification and an email when round 2 opens/)).toBeNull();
    unmount();

    raffle = drawn(1);
    renderApp(dropUrl);
    expect(await screen.findByText('You won a place')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remind me' })).toHaveAccessibleDescription(
      /^A notification and an email when round 2 opens/,
    );
  });
});
