import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDrop, TDropReminder } from '@cypher/contract';
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

/** The API: the drop as `current()` says, and the reminder calls answered by `reminders` (or as the API would). */
function api(current: () => TDrop, reminders?: (request: SentRequest) => Response | Promise<Response> | undefined) {
  return stubApi(async (request) => {
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
});
