import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, type TAttendanceCheckIn } from '@cypher/contract';
import { queryKeys } from '../../api/query-keys.ts';
import { installTokenRefresh } from '../../api/refresh.ts';
import { getSession, startSession } from '../../lib/session.ts';
import { getStored } from '../../lib/storage.ts';
import { page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { balances } from '../../test/drops-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import {
  attendanceRewards,
  attendanceTimes,
  attendanceToday,
  checkIn,
  delivery,
  grantIds,
  grants,
  myCheckIns,
  streakBonuses,
  todayCheckIn,
} from '../../test/grants-fixtures.ts';
import { passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const URL = '/tickets/attendance';
const TODAY = '/v2/attendance/today';
const REWARDS = '/v2/attendance/rewards';
const CHECK_INS = '/v1/attendance';
const REFRESH = '/v1/users/authentications/auth-refresh';

type Route = (request: SentRequest) => Response | Promise<Response> | undefined;

/** The API as a signed-in collector (or, with `isSignedIn: false`, a visitor) sees it; `routes` answer first. */
function api(routes: Record<string, Route> = {}, { isSignedIn = true } = {}) {
  if (isSignedIn) startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi(async (request) => {
    const path = pathnameOf(request.path);
    const own = routes[`${request.method} ${path}`];
    const answer = own ? await own(request) : undefined;
    if (answer) return answer;
    if (path === REWARDS) return json(200, { data: attendanceRewards({ isSignedIn: request.authorization !== null }) });
    if (path === TODAY) return json(200, { data: attendanceToday() });
    if (path === CHECK_INS && request.method === 'GET') return json(200, { data: page(myCheckIns(), { size: 10 }) });
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const requestsTo = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && pathnameOf(request.path) === path);

const day = (monthDay: string) =>
  within(screen.getByRole('list', { name: 'Days of the calendar' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(`${monthDay} `))!;

function idempotencyKeysSent(): Array<string | null> {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => pathnameOf(String(url)) === CHECK_INS && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(attendanceTimes.now));
});
afterEach(() => vi.useRealTimers());

describe('attendance page: reading', () => {
  it('shows a visitor the calendar, the time zone and a sign-in prompt instead of today, asking nothing signed in', async () => {
    const sent = api({}, { isSignedIn: false });
    const { router } = renderApp(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily check-in' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'November check-in' })).toBeInTheDocument();
    expect(screen.getByText('Nov 1 – Nov 30, 2026')).toBeInTheDocument();
    expect(screen.getByText(/A day runs from midnight to midnight,/)).toHaveTextContent(
      'A day runs from midnight to midnight, Asia/Seoul (GMT+9), for everyone. It is Sunday, November 22 there now.',
    );

    const prompt = screen.getByRole('region', { name: 'Sign in to check in' });
    expect(within(prompt).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?redirectTo=%2Ftickets%2Fattendance',
    );
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();

    // No state of their own: today is marked, days gone by are not "missed".
    expect(day('Nov 22')).toHaveTextContent('Today');
    expect(day('Nov 22')).toHaveAttribute('aria-current', 'date');
    expect(day('Nov 18')).not.toHaveTextContent('Missed');
    expect(day('Nov 28')).toHaveTextContent('2 Drop tickets');
    expect(day('Nov 30')).toHaveTextContent('Dragon of the Eighth Bit');
    // The bonuses, without a streak to measure against.
    const bonuses = screen.getByRole('list', { name: 'Streak bonuses' });
    expect(
      within(bonuses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 days in a row 1 Drop ticket', '7 days in a row Neon Season Pass']);

    expect(requestsTo(sent, 'GET', TODAY)).toHaveLength(0);
    expect(new Set(requestsTo(sent, 'GET', REWARDS).map((request) => request.authorization))).toEqual(new Set([null]));
    expect(screen.queryByRole('heading', { name: 'Rewards earned' })).toBeNull();
    expect(router.state.location.pathname).toBe(URL);
  });

  // Review of session 33: a 90-day season drew 30 rows of tiles on a phone, over 6,000 px before the rewards earned.
  it('opens a long calendar on the days around today, and shows all of it on request', async () => {
    api();
    renderApp(URL);
    await screen.findByRole('heading', { name: 'November check-in' });
    const days = () =>
      within(screen.getByRole('list', { name: 'Days of the calendar' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent?.match(/Nov \d+/)?.[0]);
    // The week gone by, today (Nov 22) and what is left of the two to come.
    expect(days()).toEqual(Array.from({ length: 15 }, (_, n) => `Nov ${16 + n}`));
    const more = screen.getByRole('button', { name: 'Show all 30 days' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(days()).toEqual(Array.from({ length: 30 }, (_, n) => `Nov ${1 + n}`));
    expect(day('Nov 2')).toHaveTextContent('Checked in');
    expect(day('Nov 4')).toHaveTextContent('Missed');
    const fewer = screen.getByRole('button', { name: 'Show the days around today' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fewer);
    expect(days()).toHaveLength(15);
  });

  it('shows today, my streak, the next bonus, my state per day and my rewards, reading today first', async () => {
    const todayAnswer = deferred<void>();
    const sent = api({
      [`GET ${TODAY}`]: () => todayAnswer.promise.then(() => json(200, { data: attendanceToday() })),
    });
    renderApp(URL);
    expect(await screen.findByLabelText('Loading the check-in calendar')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(requestsTo(sent, 'GET', TODAY).length).toBeGreaterThan(0));
    // The calendar waits for the attendance-today call (spec section 4's session rule).
    expect(requestsTo(sent, 'GET', REWARDS)).toHaveLength(0);
    todayAnswer.resolve();

    expect(await screen.findByText('Check in for today')).toBeInTheDocument();
    const authorizations = (path: string) => new Set(requestsTo(sent, 'GET', path).map((r) => r.authorization));
    expect(authorizations(REWARDS)).toEqual(new Set(['Bearer a1']));
    expect(authorizations(TODAY)).toEqual(new Set(['Bearer a1']));

    expect(screen.getByText('Sunday, November 22')).toBeInTheDocument();
    expect(screen.getByText('Today’s reward').nextElementSibling).toHaveTextContent('5.00 CYP');
    // Today ends at midnight in Seoul: 15:00 UTC, 11h 30m from now.
    expect(screen.getByRole('timer')).toHaveAttribute('datetime', attendanceTimes.nextDayStartsAt);
    expect(screen.getByRole('timer').textContent).toMatch(/^11h (30m 00s|29m \d\ds)$/);
    expect(screen.getByRole('button', { name: 'Check in' })).toBeEnabled();

    const streak = screen.getByRole('region', { name: 'Your streak' });
    expect(streak).toHaveTextContent('3 days in a row');
    expect(streak).toHaveTextContent('5 of 30 days checked in this calendar');
    expect(streak).toHaveTextContent('Check in today to keep your streak going');
    expect(streak).toHaveTextContent('Next bonus at 7 days in a row: Neon Season Pass · 4 more check-ins');
    expect(within(streak).getByRole('progressbar', { name: 'Streak towards the next bonus' })).toHaveAttribute(
      'aria-valuetext',
      '3 days of 7 days',
    );
    const bonuses = within(streak).getAllByRole('listitem');
    expect(bonuses[0]).toHaveTextContent('Reached');
    expect(bonuses[1]).not.toHaveTextContent('Reached');

    expect(day('Nov 21')).toHaveTextContent('Checked in');
    expect(day('Nov 18')).toHaveTextContent('Missed');
    expect(day('Nov 22')).toHaveTextContent('Today');
    expect(day('Nov 23')).toHaveTextContent('Mon Nov 23 5.00 CYP');

    const earned = await screen.findByRole('list', { name: 'Rewards earned' });
    const rows = Array.from(earned.children);
    expect(rows[0]).toHaveTextContent('Sat, Nov 21 Day 3 in a row');
    expect(rows[0]).toHaveTextContent('2 Drop tickets');
    expect(rows[0]).toHaveTextContent('1 Drop ticket · streak bonus');
    expect(within(earned).getAllByRole('link', { name: 'See your tickets' })[0]).toHaveAttribute('href', '/tickets');
    expect(within(earned).getAllByRole('link', { name: 'See your balance' })[0]).toHaveAttribute('href', '/payment');
    const asked = requestsTo(sent, 'GET', CHECK_INS)[0]!;
    expect(queryOf(asked.path).get('size')).toBe('10');
  });

  // A review of session 53: a streak carried in from an earlier calendar had passed 3 days before this calendar began,
  // so this calendar never paid its 3-day bonus, yet the bonus was marked reached.
  it('marks reached only the bonuses my streak reached on a day of this calendar', async () => {
    api({ [`GET ${TODAY}`]: () => json(200, { data: attendanceToday({ streak: 25, nextStreakBonus: null }) }) });
    renderApp(URL);
    const streak = await screen.findByRole('region', { name: 'Your streak' });
    await waitFor(() => expect(streak).toHaveTextContent('25 days in a row'));
    // Checked in up to yesterday (Nov 21): 3 days in a row on Oct 30, before the calendar's Nov 1; 7 on Nov 3.
    const [threeDays, sevenDays] = within(streak).getAllByRole('listitem');
    expect(threeDays).not.toHaveTextContent('Reached');
    expect(sevenDays).toHaveTextContent('Reached');
  });

  it('says when no calendar is running, and still states the time zone', async () => {
    api({
      [`GET ${REWARDS}`]: () => json(200, { data: attendanceRewards({ hasCalendar: false }) }),
      [`GET ${TODAY}`]: () =>
        json(200, { data: attendanceToday({ reward: null, calendar: null, nextStreakBonus: null }) }),
    });
    renderApp(URL);
    expect(await screen.findByRole('heading', { name: 'No check-in calendar right now' })).toBeInTheDocument();
    expect(screen.getByText(/A day runs from midnight to midnight/)).toHaveTextContent('Asia/Seoul (GMT+9)');
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your tickets' })).toHaveAttribute('href', '/tickets');
  });

  it('offers to try again when the calendar cannot be read', async () => {
    let isDown = true;
    api({
      [`GET ${REWARDS}`]: () => (isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : undefined),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(URL);
    expect(await screen.findByRole('heading', { name: 'We could not load the check-in calendar' })).toBeInTheDocument();
    expect(screen.getByText(errorCatalogue.SERVICE_UNAVAILABLE.message)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'November check-in' })).toBeInTheDocument();
  });

  it('offers to try again when today cannot be read, and still shows the calendar', async () => {
    let isDown = true;
    api({ [`GET ${TODAY}`]: () => (isDown ? apiFailure(500, 'INTERNAL_ERROR') : undefined) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(URL);
    expect(await screen.findByRole('heading', { name: 'We could not load today’s check-in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'November check-in' })).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeEnabled();
  });

  it('shows a day already checked in: what it gave, and when the next check-in opens', async () => {
    api({
      [`GET ${TODAY}`]: () =>
        json(200, { data: attendanceToday({ isCheckedIn: true, streak: 4, checkIn: todayCheckIn() }) }),
    });
    renderApp(URL);
    expect(await screen.findByText('Checked in for today')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.getByText('Next check-in opens in')).toBeInTheDocument();
    expect(screen.getByText('Sunday, November 22 · Day 4 in a row')).toBeInTheDocument();
    const received = screen.getByRole('list', { name: 'Rewards received today' });
    expect(received).toHaveTextContent('Today’s reward5.00 CYPSpendable on purchases, not withdrawable.');
    expect(within(received).getByRole('link', { name: 'See your balance' })).toHaveAttribute('href', '/payment');
  });
});

describe('attendance page: checking in', () => {
  it('checks in once, shows the reward as it arrives, and invalidates the balance, tickets, collection and notifications', async () => {
    const answer = deferred<Response>();
    let isDone = false;
    const sent = api({
      [`POST ${CHECK_INS}`]: () => answer.promise,
      [`GET ${TODAY}`]: () =>
        isDone
          ? json(200, { data: attendanceToday({ isCheckedIn: true, streak: 4, checkIn: todayCheckIn() }) })
          : undefined,
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient } = renderApp(URL);
    queryClient.setQueryData(queryKeys.balances.my(), balances(0));
    queryClient.setQueryData(queryKeys.tickets.my(), page([]));
    queryClient.setQueryData(queryKeys.editions.list({ page: 1 }), page([]));
    queryClient.setQueryData(queryKeys.notifications.unreadCount(), 0);

    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    const button = screen.getByRole('button', { name: 'Check in' });
    // Busy, and still focused (a disabled button would drop the focus to the page).
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    // A second press while it is on its way sends nothing more.
    await user.click(button);
    expect(requestsTo(sent, 'POST', CHECK_INS)).toHaveLength(1);
    expect(requestsTo(sent, 'POST', CHECK_INS)[0]!.authorization).toBe('Bearer a1');
    expect(idempotencyKeysSent()[0]).toMatch(/^[0-9a-f-]{36}$/);

    isDone = true;
    answer.resolve(json(201, { data: todayCheckIn() }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'You received' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Checked in for today')).toBeInTheDocument();
    const received = screen.getByRole('list', { name: 'Rewards received today' });
    expect(received).toHaveTextContent('5.00 CYP');
    expect(within(received).getByRole('link', { name: 'See your balance' })).toHaveAttribute('href', '/payment');

    for (const queryKey of [
      queryKeys.balances.my(),
      queryKeys.tickets.my(),
      queryKeys.editions.list({ page: 1 }),
      queryKeys.notifications.unreadCount(),
    ]) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    }
    // Today, the calendar and my rewards are read again.
    await waitFor(() => expect(requestsTo(sent, 'GET', TODAY).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(requestsTo(sent, 'GET', REWARDS).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('says which streak bonus checking in completes, and shows it received with the way to the pass', async () => {
    const sixDays = attendanceToday({ streak: 6 });
    const made: TAttendanceCheckIn = checkIn(attendanceTimes.today, 7, [
      delivery(grants.credit(), 22),
      delivery(streakBonuses[1]!.reward, 122),
    ]);
    api({
      [`GET ${TODAY}`]: () => json(200, { data: sixDays }),
      [`POST ${CHECK_INS}`]: () => json(201, { data: made }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(URL);
    expect(await screen.findByText(/Checking in today makes 7 days in a row: you also receive/)).toHaveTextContent(
      'Checking in today makes 7 days in a row: you also receive Neon Season Pass.',
    );
    await user.click(screen.getByRole('button', { name: 'Check in' }));

    const received = await screen.findByRole('list', { name: 'Rewards received today' });
    const [reward, bonus] = within(received).getAllByRole('listitem');
    expect(reward).toHaveTextContent('Today’s reward5.00 CYP');
    expect(bonus).toHaveTextContent('7-day streak bonusNeon Season Pass');
    expect(within(bonus!).getByRole('link', { name: 'See your pass' })).toHaveAttribute(
      'href',
      `/pass/${passIds.pass}`,
    );
  });

  it('shows a pack as today’s reward, received sealed with the way to open it, or run out before it came', async () => {
    const packDay = attendanceToday({ reward: grants.pack() });
    api({
      [`GET ${TODAY}`]: () => json(200, { data: packDay }),
      [`POST ${CHECK_INS}`]: () =>
        json(201, {
          data: checkIn(attendanceTimes.today, 4, [
            delivery(grants.pack(), 22),
            delivery(grants.pack(), 122, { status: 'OUT_OF_STOCK', pack: null }),
          ]),
        }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient } = renderApp(URL);
    queryClient.setQueryData(queryKeys.packs.list({ isOpened: false }), { groups: [] });
    expect(await screen.findByText('A pack of Neon Tides')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check in' }));

    const received = await screen.findByRole('list', { name: 'Rewards received today' });
    const [pack, late] = within(received).getAllByRole('listitem');
    expect(pack).toHaveTextContent('Pack #37 of Neon Tides');
    expect(pack).toHaveTextContent('Sealed: open it to reveal 3 editions.');
    expect(within(pack!).getByRole('link', { name: 'Open your pack' })).toHaveAttribute(
      'href',
      `/drops?tab=packs&pack=${grantIds.giftPack}`,
    );
    expect(late).toHaveTextContent('A pack of Neon Tides');
    expect(late).toHaveTextContent('This had run out, or was over, before it reached you.');
    expect(within(late!).queryByRole('link')).toBeNull();
    // My packs are read again: the pack is there to open.
    expect(queryClient.getQueryState(queryKeys.packs.list({ isOpened: false }))?.isInvalidated).toBe(true);
  });

  it('says before the check-in that today’s reward is all given out, and still lets the streak count', async () => {
    api({
      [`GET ${TODAY}`]: () =>
        json(200, {
          data: attendanceToday({
            streak: 6,
            reward: grants.pack(),
            isRewardLeft: false,
            nextStreakBonus: { ...streakBonuses[1]!, isRewardLeft: false },
          }),
        }),
    });
    renderApp(URL);
    expect(await screen.findByText('A pack of Neon Tides')).toBeInTheDocument();
    expect(screen.getByText('All given out: checking in today still counts for your streak.')).toBeInTheDocument();
    expect(screen.getByText(/Checking in today makes 7 days in a row/)).toHaveTextContent(
      'Checking in today makes 7 days in a row. Its bonus, Neon Season Pass, has all been given out.',
    );
    expect(screen.getByRole('button', { name: 'Check in' })).toBeEnabled();
  });

  it('says nothing is given out while today’s reward is left', async () => {
    api({ [`GET ${TODAY}`]: () => json(200, { data: attendanceToday({ reward: grants.pack() }) }) });
    renderApp(URL);
    expect(await screen.findByText('A pack of Neon Tides')).toBeInTheDocument();
    expect(screen.queryByText(/All given out/)).toBeNull();
  });

  it('shows a refusal under the button in the API’s words, with the way to verify an email', async () => {
    api({
      [`POST ${CHECK_INS}`]: () =>
        apiFailure(403, 'EMAIL_VERIFICATION_REQUIRED', errorCatalogue.EMAIL_VERIFICATION_REQUIRED.message),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(URL);
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please verify your email.');
    expect(alert).not.toHaveTextContent('Trying again is safe');
    expect(within(alert).getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/email/verify');
    expect(screen.getByRole('button', { name: 'Check in' })).toBeEnabled();
  });

  it('tries again after a lost answer with the same Idempotency-Key, and a refusal’s next attempt with a new one', async () => {
    const answers = [
      () => apiFailure(502, 'INTERNAL_ERROR'),
      () => apiFailure(409, 'ATTENDANCE_NOT_OPEN', errorCatalogue.ATTENDANCE_NOT_OPEN.message),
      () => json(201, { data: todayCheckIn() }),
    ];
    api({ [`POST ${CHECK_INS}`]: () => answers.shift()!() });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(URL);

    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${errorCatalogue.INTERNAL_ERROR.message} We could not tell whether your check-in went through. Trying again is safe: a day is rewarded once.`,
    );
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorCatalogue.ATTENDANCE_NOT_OPEN.message);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('heading', { name: 'You received' })).toBeInTheDocument();

    const [first, second, third] = idempotencyKeysSent();
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('opens the next day by itself at midnight in the configured zone', async () => {
    const soon = new Date(Date.parse(attendanceTimes.now) + 3_000).toISOString();
    let isNextDay = false;
    const sent = api({
      [`GET ${TODAY}`]: () =>
        json(200, {
          data: isNextDay
            ? attendanceToday({ date: '2026-11-23', streak: 4, nextDayStartsAt: '2026-11-23T15:00:00.000Z' })
            : attendanceToday({ isCheckedIn: true, streak: 4, checkIn: todayCheckIn(), nextDayStartsAt: soon }),
        }),
    });
    renderApp(URL);
    expect(await screen.findByText('Checked in for today')).toBeInTheDocument();
    isNextDay = true;
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeEnabled();
    expect(screen.getByText('Monday, November 23')).toBeInTheDocument();
    expect(requestsTo(sent, 'GET', TODAY).length).toBeGreaterThanOrEqual(2);
  });
});

describe('attendance page: the session rule of spec section 4', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installTokenRefresh();
  });
  afterEach(() => uninstall());

  it('when the attendance-today call cannot refresh the session: clears it, stays here, and shows the sign-in prompt', async () => {
    const sent = api({
      [`GET ${TODAY}`]: () => apiFailure(401, 'UNAUTHORIZED'),
      [`POST ${REFRESH}`]: () => apiFailure(401, 'SESSION_EXPIRED'),
    });
    const { router } = renderApp(URL);

    expect(await screen.findByRole('region', { name: 'Sign in to check in' })).toBeInTheDocument();
    expect(requestsTo(sent, 'POST', REFRESH).map((request) => request.authorization)).toEqual(['Bearer r1']);
    expect(getStored('accessToken')).toBeUndefined();
    expect(getStored('refreshToken')).toBeUndefined();
    expect(getSession().isLoggedIn).toBe(false);
    // No redirect: still on the attendance page, which now reads the calendar as a visitor's.
    expect(router.state.location.pathname).toBe(URL);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'November check-in' })).toBeInTheDocument();
    expect(new Set(requestsTo(sent, 'GET', REWARDS).map((request) => request.authorization))).toEqual(new Set([null]));
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rewards earned' })).toBeNull();
  });

  it('when the refresh works, reads today again with the new token and carries on', async () => {
    const sent = api({
      [`GET ${TODAY}`]: (request) =>
        request.authorization === 'Bearer a1' ? apiFailure(401, 'UNAUTHORIZED') : undefined,
      [`POST ${REFRESH}`]: () => json(200, { data: { accessToken: 'a2', refreshToken: 'r2' } }),
    });
    renderApp(URL);
    expect(await screen.findByRole('button', { name: 'Check in' })).toBeEnabled();
    // Each 401 is sent again once, with the new token; one refresh serves them all (StrictMode reads twice).
    const todays = requestsTo(sent, 'GET', TODAY).map((request) => request.authorization);
    expect(todays.at(-1)).toBe('Bearer a2');
    expect(new Set(todays)).toEqual(new Set(['Bearer a1', 'Bearer a2']));
    expect(requestsTo(sent, 'POST', REFRESH)).toHaveLength(1);
    expect(new Set(requestsTo(sent, 'GET', REWARDS).map((request) => request.authorization))).toEqual(
      new Set(['Bearer a2']),
    );
    expect(getSession().isLoggedIn).toBe(true);
  });
});
