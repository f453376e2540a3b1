import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNotification } from '@cypher/contract';
import { setStored } from '../../lib/storage.ts';
import { startSession } from '../../lib/session.ts';
import { dropIds, notification } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { UNREAD_POLL_MS } from './api/get-unread-count.ts';

type Route = (request: SentRequest) => Response | undefined;

const feedPage = (items: TNotification[], unreadCount: number, nextCursor: string | null = null) =>
  json(200, { data: { items, nextCursor, unreadCount } });

function signedIn(route: Route) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  setStored('onboardingCompleted', true);
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (request.path === '/v1/notifications?size=1') return feedPage([], 0);
    return apiFailure(404, 'NOT_FOUND');
  });
}

afterEach(() => vi.useRealTimers());

describe('notifications page', () => {
  it('lists notifications with the unread ones marked, and marks one read when it is followed', async () => {
    let isRead = false;
    const sent = signedIn((request) => {
      if (request.path === '/v1/notifications?size=20') {
        return feedPage(
          [notification(1, { isRead }), notification(2, { isRead: true, title: 'Purchase pending' })],
          isRead ? 0 : 1,
        );
      }
      if (request.path === `/v1/notifications/${dropIds.notification(1)}/read` && request.method === 'POST') {
        isRead = true;
        return json(204);
      }
      return undefined;
    });
    const { router } = renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    const unread = within(list).getByRole('link', { name: /Unread: Purchase 1 complete/ });
    expect(unread.closest('li')?.className).toMatch(/unread/);
    expect(within(list).getByRole('link', { name: /^Purchase pending/ })).toBeInTheDocument();

    await userEvent.setup().click(unread);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    expect(sent.some((request) => request.path === `/v1/notifications/${dropIds.notification(1)}/read`)).toBe(true);
  });

  it('marks every notification read at once', async () => {
    let isRead = false;
    const sent = signedIn((request) => {
      if (request.path === '/v1/notifications?size=20') {
        return feedPage([notification(1, { isRead }), notification(2, { isRead })], isRead ? 0 : 2);
      }
      if (request.path === '/v1/notifications/read-all' && request.method === 'POST') {
        isRead = true;
        return json(204);
      }
      return undefined;
    });
    renderApp('/notifications');
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All caught up.')).toBeInTheDocument();
    expect(screen.queryByText(/^Unread: /)).toBeNull();
    // Nothing left to mark, yet the button pressed keeps the focus (aria-disabled: a disabled one dropped it to the
    // body, session 79's hunt); pressed again, it asks nothing.
    const markAll = screen.getByRole('button', { name: 'Mark all read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).toHaveFocus();
    await userEvent.setup().click(markAll);
    expect(sent.filter((request) => request.path === '/v1/notifications/read-all')).toHaveLength(1);
  });

  it('loads older notifications by cursor', async () => {
    signedIn((request) => {
      if (request.path === '/v1/notifications?size=20') return feedPage([notification(1)], 2, 'cursor-2');
      if (request.path === '/v1/notifications?cursor=cursor-2&size=20') {
        return feedPage([notification(2, { title: 'An older purchase' })], 2);
      }
      return undefined;
    });
    renderApp('/notifications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An older purchase')).toBeInTheDocument();
    expect(screen.getByText('Purchase 1 complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows drop reminders, funds added and withdrawal steps, each with its icon and its way on', async () => {
    signedIn((request) =>
      request.path === '/v1/notifications?size=20'
        ? feedPage(
            [
              notification(1, {
                kind: 'DROP_REMINDER',
                stage: 'OPENED',
                title: 'Round 1 is open',
                body: 'Round 1 of Neon Genesis is on sale now. You asked us to tell you when it opened.',
                linkPath: `/drops/${dropIds.drop}`,
              }),
              notification(2, {
                kind: 'DEPOSIT',
                title: 'Funds added',
                body: '$50.00 was added to your balance (Visa •••• 4242).',
                linkPath: '/payment?deposit=dep-1',
              }),
              notification(3, {
                kind: 'WITHDRAWAL',
                stage: 'FAILED',
                title: 'Withdrawal rejected',
                linkPath: '/payment?tab=withdraw',
              }),
            ],
            3,
          )
        : undefined,
    );
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const reminder = within(list).getByRole('link', { name: /Unread: Round 1 is open/ });
    expect(reminder).toHaveAttribute('href', `/drops/${dropIds.drop}`);
    expect(reminder.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'bell');
    const funds = within(list).getByRole('link', { name: /Funds added/ });
    expect(funds).toHaveAttribute('href', '/payment?deposit=dep-1');
    expect(funds.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'wallet');
    const withdrawal = within(list).getByRole('link', { name: /Withdrawal rejected/ });
    expect(withdrawal.querySelector('[data-stage]')).toHaveAttribute('data-stage', 'FAILED');
    expect(withdrawal.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'wallet');
  });

  it('says there is nothing yet and what to do', async () => {
    signedIn((request) => (request.path === '/v1/notifications?size=20' ? feedPage([], 0) : undefined));
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse drops' })).toHaveAttribute('href', '/drops');
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let isDown = true;
    signedIn((request) =>
      request.path === '/v1/notifications?size=20'
        ? isDown
          ? apiFailure(503, 'SERVICE_UNAVAILABLE')
          : feedPage([notification(1)], 1)
        : undefined,
    );
    renderApp('/notifications');
    expect(await screen.findByText('We could not load your notifications')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Purchase 1 complete')).toBeInTheDocument();
  });
});

describe('header: unread count', () => {
  it('shows the unread count beside the account menu and asks again once a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 3;
    const sent = signedIn((request) =>
      request.path === '/v1/notifications?size=1' ? feedPage([notification(1)], unread) : undefined,
    );
    renderApp('/guide');
    const banner = await screen.findByRole('banner');
    // The clock is faked (it only creeps on with real time); the waits are setup.ts's generous ones.
    const bell = await within(banner).findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    const asked = () => sent.filter((request) => request.path === '/v1/notifications?size=1').length;
    const before = asked();
    unread = 0;
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    // The header is looked up again, not kept: it may have been mounted anew meanwhile (once the user loaded), and
    // the element found first would then be a detached copy still saying "3 unread".
    await waitFor(() =>
      expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' })).toBeInTheDocument(),
    );
    expect(asked()).toBeGreaterThan(before);
  });

  it('is not there for visitors, who are not asked about notifications', async () => {
    const sent = stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp('/guide');
    const banner = await screen.findByRole('banner');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    expect(within(banner).queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(sent.some((request) => request.path.startsWith('/v1/notifications'))).toBe(false);
  });
});
