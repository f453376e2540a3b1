import { describe, expect, it } from 'vitest';
import { clearSession, getStored, removeStored, setStored } from './storage.ts';

describe('storage', () => {
  it('keeps values as JSON under the product prefix', () => {
    setStored('accessToken', 'token-a');
    setStored('onboardingCompleted', true);
    setStored('user', { id: 'u1', email: 'fan@example.com', status: 'CREATED' });

    expect(localStorage.getItem('cypher:accessToken')).toBe('"token-a"');
    expect(getStored('accessToken')).toBe('token-a');
    expect(getStored('onboardingCompleted')).toBe(true);
    expect(getStored('user')).toEqual({ id: 'u1', email: 'fan@example.com', status: 'CREATED' });
  });

  it('reads a missing or corrupt value as absent', () => {
    expect(getStored('refreshToken')).toBeUndefined();
    localStorage.setItem('cypher:refreshToken', '{not json');
    expect(getStored('refreshToken')).toBeUndefined();
  });

  it('removes one key', () => {
    setStored('refreshToken', 'r');
    removeStored('refreshToken');
    expect(getStored('refreshToken')).toBeUndefined();
  });

  it('clears the session but keeps the onboarding flag and other sites’ keys', () => {
    setStored('accessToken', 'a');
    setStored('refreshToken', 'r');
    setStored('user', { id: 'u1', email: 'fan@example.com', status: 'ACTIVE' });
    setStored('socialProfile', { provider: 'google', email: 'fan@example.com' });
    setStored('onboardingCompleted', true);
    localStorage.setItem('other-app', 'keep');

    clearSession();

    expect(getStored('accessToken')).toBeUndefined();
    expect(getStored('refreshToken')).toBeUndefined();
    expect(getStored('user')).toBeUndefined();
    expect(getStored('socialProfile')).toBeUndefined();
    expect(getStored('onboardingCompleted')).toBe(true);
    expect(localStorage.getItem('other-app')).toBe('keep');
  });
});
