import { describe, expect, it, vi } from 'vitest';
import { endSession, getSession, replaceTokens, setUserInfo, startSession, subscribeSession } from './session.ts';
import { getStored, setStored } from './storage.ts';

const user = { id: 'u1', email: 'fan@example.com', status: 'CREATED' };

describe('session', () => {
  it('is logged out with nothing stored', () => {
    expect(getSession()).toEqual({ isLoggedIn: false, userInfo: undefined });
  });

  it.each([
    ['an access token', 'accessToken'],
    ['a refresh token', 'refreshToken'],
  ] as const)('is logged in when only %s is stored', (_, key) => {
    setStored(key, 'token');
    window.dispatchEvent(new StorageEvent('storage', { key: `cypher:${key}` }));
    expect(getSession().isLoggedIn).toBe(true);
  });

  it("follows another tab's session keys and writes nothing while doing so (every write is an event in the other tabs)", () => {
    setStored('accessToken', 'token');
    getSession();
    const reads = vi.spyOn(window.localStorage, 'getItem');
    const writes = [vi.spyOn(window.localStorage, 'setItem'), vi.spyOn(window.localStorage, 'removeItem')];
    // Another item's change (the theme) is no reason to read the session again.
    window.dispatchEvent(new StorageEvent('storage', { key: 'cypher:theme' }));
    expect(reads).not.toHaveBeenCalled();
    // A session key's change is read; reading answers with no write of its own, so two tabs cannot feed each other.
    window.dispatchEvent(new StorageEvent('storage', { key: 'cypher:accessToken' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(reads).toHaveBeenCalled();
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('starts with both tokens and drops a user record left from an earlier session', () => {
    setStored('user', { ...user, email: 'someone-else@example.com' });
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    expect(getStored('accessToken')).toBe('a1');
    expect(getStored('refreshToken')).toBe('r1');
    expect(getSession()).toEqual({ isLoggedIn: true, userInfo: undefined });
  });

  it('tells subscribers when logged-in or the user changes, and hands out the same snapshot otherwise', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const afterStart = getSession();
    replaceTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(getSession()).toBe(afterStart);
    setUserInfo(user);
    expect(getSession().userInfo).toEqual(user);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('clears every session item when it ends, but keeps the device preferences', () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    setUserInfo(user);
    setStored('socialProfile', { provider: 'google', email: 'fan@example.com' });
    setStored('onboardingCompleted', true);
    setStored('theme', 'light');

    endSession();

    expect(getSession()).toEqual({ isLoggedIn: false, userInfo: undefined });
    for (const key of ['accessToken', 'refreshToken', 'user', 'socialProfile'] as const) {
      expect(getStored(key)).toBeUndefined();
    }
    expect(getStored('onboardingCompleted')).toBe(true);
    expect(getStored('theme')).toBe('light');
  });

  it('follows another tab signing out', () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(getSession().isLoggedIn).toBe(false);
  });
});
