import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../lib/navigator.ts';
import { getSession, setUserInfo, startSession } from '../lib/session.ts';
import { getStored, setStored } from '../lib/storage.ts';
import { apiFailure, deferred, json, stubApi, type SentRequest } from '../test/fake-api.ts';
import { isApiError, type ApiError } from './api-error.ts';
import { apiRequest } from './client.ts';
import { installTokenRefresh } from './refresh.ts';

const REFRESH = '/v1/users/authentications/auth-refresh';
const newPair = { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } };

let navigate: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;
let routerPath: string;
let routerSearch: string;
let routerHash: string;
let uninstall: () => void;

beforeEach(() => {
  navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  routerPath = '/drops';
  routerSearch = '';
  routerHash = '';
  setNavigator({ navigate, currentPath: () => ({ pathname: routerPath, search: routerSearch, hash: routerHash }) });
  uninstall = installTokenRefresh();
});

afterEach(() => {
  uninstall();
  setNavigator(undefined);
});

function signedIn() {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  setUserInfo({ id: 'u1', email: 'fan@example.com', status: 'ACTIVE' });
}

/** The API: authorised calls accept only `access-2`; the refresh endpoint answers with `refreshAnswer`. */
function api(refreshAnswer: () => Response | Promise<Response>): SentRequest[] {
  return stubApi((request) => {
    if (request.path === REFRESH) return refreshAnswer();
    if (request.authorization === 'Bearer access-2') return json(200, { data: { path: request.path } });
    return apiFailure(401, 'UNAUTHORIZED');
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const refreshCalls = (sent: SentRequest[]) => sent.filter((request) => request.path === REFRESH);

describe('token refresh', () => {
  it('refreshes once with the refresh token as Bearer credential and resends with the new access token', async () => {
    signedIn();
    const sent = api(() => json(200, newPair));

    const data = await apiRequest('GET', '/users/my', { auth: true });

    expect(data).toEqual({ path: '/v1/users/my' });
    expect(sent.map((request) => [request.method, request.path, request.authorization])).toEqual([
      ['GET', '/v1/users/my', 'Bearer access-1'],
      ['POST', REFRESH, 'Bearer refresh-1'],
      ['GET', '/v1/users/my', 'Bearer access-2'],
    ]);
    expect(getStored('accessToken')).toBe('access-2');
    expect(getStored('refreshToken')).toBe('refresh-2');
  });

  it('queues concurrent 401s behind ONE refresh and retries each with the new token', async () => {
    signedIn();
    const refreshAnswer = deferred<Response>();
    const sent = api(() => refreshAnswer.promise);

    const calls = ['/users/my', '/balances/my', '/notifications', '/favorites/my'].map((path) =>
      apiRequest('GET', path, { auth: true }),
    );
    await vi.waitFor(() => expect(refreshCalls(sent)).toHaveLength(1));
    refreshAnswer.resolve(json(200, newPair));
    const results = await Promise.all(calls);

    expect(refreshCalls(sent)).toHaveLength(1);
    expect(results).toEqual([
      { path: '/v1/users/my' },
      { path: '/v1/balances/my' },
      { path: '/v1/notifications' },
      { path: '/v1/favorites/my' },
    ]);
    const retries = sent.filter((request) => request.authorization === 'Bearer access-2');
    expect(retries.map((request) => request.path).sort()).toEqual(
      ['/v1/balances/my', '/v1/favorites/my', '/v1/notifications', '/v1/users/my'].sort(),
    );
  });

  it('does not refresh again for a 401 that arrives after the refresh its token was replaced by', async () => {
    signedIn();
    const lateAnswer = deferred<Response>();
    let isFirstNotifications = true;
    const sent = stubApi((request) => {
      if (request.path === REFRESH) return json(200, newPair);
      if (request.path === '/v1/notifications' && isFirstNotifications) {
        isFirstNotifications = false;
        return lateAnswer.promise;
      }
      if (request.authorization === 'Bearer access-2') return json(200, { data: { path: request.path } });
      return apiFailure(401, 'UNAUTHORIZED');
    });

    const slow = apiRequest('GET', '/notifications', { auth: true });
    await apiRequest('GET', '/users/my', { auth: true });
    lateAnswer.resolve(apiFailure(401, 'UNAUTHORIZED'));

    expect(await slow).toEqual({ path: '/v1/notifications' });
    expect(refreshCalls(sent)).toHaveLength(1);
  });

  it('does not refresh a second time when the resent request answers 401 again', async () => {
    signedIn();
    const sent = stubApi((request) =>
      request.path === REFRESH ? json(200, newPair) : apiFailure(401, 'UNAUTHORIZED'),
    );

    const error = await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(error.status).toBe(401);
    expect(refreshCalls(sent)).toHaveLength(1);
    expect(sent).toHaveLength(3);
    // The refresh itself worked, so the session stands.
    expect(getSession().isLoggedIn).toBe(true);
  });

  it.each([
    [401, 'SESSION_EXPIRED'],
    [400, 'INVALID_REQUEST'],
  ])('on a refresh answered %i: clears everything stored, logs out and goes to sign-in', async (status, code) => {
    signedIn();
    setStored('socialProfile', { provider: 'google' });
    routerPath = '/drops';
    routerHash = '#packs';
    api(() => apiFailure(status, code));

    const error = await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(error.status).toBe(401);
    for (const key of ['accessToken', 'refreshToken', 'user', 'socialProfile'] as const) {
      expect(getStored(key)).toBeUndefined();
    }
    expect(getSession()).toEqual({ isLoggedIn: false, userInfo: undefined });
    expect(navigate).toHaveBeenCalledTimes(1);
    const [target = ''] = navigate.mock.calls[0] ?? [];
    expect(target.split('?')[0]).toBe('/signin');
    // Back to the same place afterwards, its fragment included.
    expect(new URLSearchParams(target.split('?')[1]).get('redirectTo')).toBe('/drops#packs');
  });

  it('goes to sign-in once, however many requests were queued behind the refused refresh', async () => {
    signedIn();
    const refreshAnswer = deferred<Response>();
    const sent = api(() => refreshAnswer.promise);

    const calls = ['/users/my', '/balances/my', '/notifications'].map((path) =>
      failure(apiRequest('GET', path, { auth: true })),
    );
    await vi.waitFor(() => expect(refreshCalls(sent)).toHaveLength(1));
    refreshAnswer.resolve(apiFailure(401, 'SESSION_EXPIRED'));
    await Promise.all(calls);

    expect(refreshCalls(sent)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it.each(['/v1/attendance/today', '/v2/attendance/today'])(
    'only clears, without going to sign-in, when the failing call is the attendance check %s',
    async (path) => {
      signedIn();
      api(() => apiFailure(401, 'SESSION_EXPIRED'));

      await failure(apiRequest('GET', path, { auth: true }));

      expect(getStored('accessToken')).toBeUndefined();
      expect(getStored('refreshToken')).toBeUndefined();
      expect(getStored('user')).toBeUndefined();
      expect(getSession().isLoggedIn).toBe(false);
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it.each(['/signin', '/', '/signin/'])('clears but does not navigate when already on %s', async (pathname) => {
    signedIn();
    routerPath = pathname;
    api(() => apiFailure(401, 'SESSION_EXPIRED'));

    await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(getSession().isLoggedIn).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  // A session that died in this browser must not take someone off the page they came to without one: sign-in
  // would leave a password reset or email verification link, and the key it carries, behind.
  it.each([
    ['/password/reset', '?key=reset-key-1'],
    ['/email/verify', '?key=verify-key-1'],
    ['/email/verified', ''],
    ['/signup', `?redirectTo=${encodeURIComponent('/drops/drop-1')}`],
    ['/password/reset/', '?key=reset-key-1'],
  ])('forgets the session but stays on %s%s when the refresh is refused', async (pathname, search) => {
    signedIn();
    routerPath = pathname;
    routerSearch = search;
    api(() => apiFailure(401, 'SESSION_EXPIRED'));

    const error = await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(error.status).toBe(401);
    for (const key of ['accessToken', 'refreshToken', 'user'] as const) expect(getStored(key)).toBeUndefined();
    expect(getSession().isLoggedIn).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('still goes to sign-in from a page that needs the session, such as profile creation', async () => {
    signedIn();
    routerPath = '/profile/creation';
    api(() => apiFailure(401, 'SESSION_EXPIRED'));

    await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(navigate).toHaveBeenCalledWith(`/signin?redirectTo=${encodeURIComponent('/profile/creation')}`, {
      replace: true,
    });
  });

  it('returns the original error, without trying to refresh, when no refresh token is stored', async () => {
    setStored('accessToken', 'access-1');
    const sent = api(() => json(200, newPair));

    const error = await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(refreshCalls(sent)).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh cannot be made (server fault), and returns the original error', async () => {
    signedIn();
    api(() => apiFailure(503, 'SERVICE_UNAVAILABLE'));

    const error = await failure(apiRequest('GET', '/users/my', { auth: true }));

    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(getStored('refreshToken')).toBe('refresh-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never refreshes for a 401 from a call made without authorisation (a wrong password at sign-in)', async () => {
    signedIn();
    const sent = stubApi(() => apiFailure(401, 'INVALID_PASSWORD'));

    const error = await failure(apiRequest('POST', '/users/authentications/login', { body: {} }));

    expect(error.message).toBe('Email or password is invalid.');
    expect(sent).toHaveLength(1);
    expect(getStored('refreshToken')).toBe('refresh-1');
  });

  it('uses the pair another tab rotated while it waited for the cross-tab lock, spending nothing', async () => {
    signedIn();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, work: () => Promise<unknown>) => {
          // Another tab held the lock and refreshed first.
          setStored('accessToken', 'access-2');
          setStored('refreshToken', 'refresh-2');
          return work();
        },
      },
    });
    const sent = api(() => json(200, { data: { accessToken: 'access-3', refreshToken: 'refresh-3' } }));

    expect(await apiRequest('GET', '/users/my', { auth: true })).toEqual({ path: '/v1/users/my' });
    expect(refreshCalls(sent)).toHaveLength(0);
  });

  it('uses the pair another tab handed over though its storage still shows the spent token (it arrives later)', async () => {
    signedIn();
    // Spending refresh-1 again would end the sign-in as theft: the API answers it 401.
    const sent = api(() => apiFailure(401, 'SESSION_EXPIRED'));
    const otherTab = new BroadcastChannel('cypher:auth-refresh');
    otherTab.postMessage({ spent: 'refresh-1', pair: { accessToken: 'access-2', refreshToken: 'refresh-2' } });

    expect(await apiRequest('GET', '/users/my', { auth: true })).toEqual({ path: '/v1/users/my' });
    expect(refreshCalls(sent)).toHaveLength(0);
    expect(getStored('refreshToken')).toBe('refresh-2');
    expect(getSession().isLoggedIn).toBe(true);
    otherTab.close();
  });

  it('hands the pair it got over to the other tabs', async () => {
    // A token of its own: the tab remembers what was handed over to it before (refresh-1, above).
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-9' });
    api(() => json(200, newPair));
    const otherTab = new BroadcastChannel('cypher:auth-refresh');
    const received: unknown[] = [];
    otherTab.addEventListener('message', (event) => received.push(event.data));

    await apiRequest('GET', '/users/my', { auth: true });
    await vi.waitFor(() => expect(received).toEqual([{ spent: 'refresh-9', pair: newPair.data }]));
    otherTab.close();
  });
});
