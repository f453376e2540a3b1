import { useSyncExternalStore } from 'react';
import { clearSession, getStored, removeStored, setStored, storageKeyOf, type StoredUser } from './storage.ts';
import { forgetUnansweredAttempts } from './use-idempotency-key.ts';

/**
 * The auth state of spec section 3 (`isLoggedIn`, `userInfo`), kept in browser storage and read through a tiny
 * external store, so React components, the API client's refresh queue and the router all see the same answer.
 * Storage is the source of truth; this module only tells subscribers when it changed.
 */
export interface SessionState {
  /** Spec section 4: logged in when an access token or a refresh token is stored. */
  isLoggedIn: boolean;
  /** The user record last fetched from `/users/my`, if any. */
  userInfo: StoredUser | undefined;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let snapshot: SessionState | undefined;
/** Counts sign-ins and sign-outs, so an answer that arrives after the session it belongs to ended is dropped. */
let generation = 0;

function readSession(): SessionState {
  return {
    isLoggedIn: Boolean(getStored('accessToken') || getStored('refreshToken')),
    userInfo: getStored('user'),
  };
}

// useSyncExternalStore compares snapshots by identity: hand out the same object until something really changed.
function sameSession(a: SessionState, b: SessionState): boolean {
  return a.isLoggedIn === b.isLoggedIn && JSON.stringify(a.userInfo) === JSON.stringify(b.userInfo);
}

export function getSession(): SessionState {
  snapshot ??= readSession();
  return snapshot;
}

function notify(): void {
  const next = readSession();
  if (snapshot && sameSession(snapshot, next)) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After sign-up, sign-in or the SMS step: the pair the API answered becomes the session. */
export function startSession(tokens: SessionTokens): void {
  generation += 1;
  // A user record left from someone else's session must not be shown for the new one.
  removeStored('user');
  setStored('accessToken', tokens.accessToken);
  setStored('refreshToken', tokens.refreshToken);
  notify();
}

/** After a refresh: the rotated pair replaces the old one (the old refresh token no longer works). */
export function replaceTokens(tokens: SessionTokens): void {
  setStored('accessToken', tokens.accessToken);
  setStored('refreshToken', tokens.refreshToken);
  notify();
}

export function setUserInfo(user: StoredUser): void {
  setStored('user', user);
  notify();
}

/** Which session is current; compare before and after a request to know whether it still belongs. */
export function sessionGeneration(): number {
  return generation;
}

/** Spec section 4: logout or a failed refresh clears every stored session item and turns logged-in off. */
export function endSession(): void {
  generation += 1;
  clearSession();
  forgetUnansweredAttempts();
  notify();
}

/** What the session is read from: another tab's change to any of these is followed here. */
const sessionStorageKeys = new Set((['accessToken', 'refreshToken', 'user'] as const).map((key) => storageKeyOf(key)));

/**
 * Another tab signing in, refreshing or signing out writes the same storage; follow it here. Only the session's own
 * keys (or a whole clear, key null): another item's change (a theme) is no reason to read the session again.
 */
function followOtherTabs(event: Pick<StorageEvent, 'key'>): void {
  if (event.key === null || sessionStorageKeys.has(event.key)) notify();
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs);

/**
 * Sessions live in this browser's storage, which the server never sees: it renders every page signed out, and the
 * browser's hydration of that HTML must too. The signed-in parts fill in right after (React renders again at once);
 * a visitor's own snapshot is the server's, so nothing renders again for them.
 */
const SIGNED_OUT: SessionState = { isLoggedIn: false, userInfo: undefined };

function getServerSession(): SessionState {
  const session = getSession();
  return session.isLoggedIn ? SIGNED_OUT : session;
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getServerSession);
}

/**
 * Tests change storage behind the store's back (and clear it between tests); this makes the next read fresh.
 * Not for app code: app code changes the session through the functions above.
 */
export function resetSessionSnapshot(): void {
  snapshot = undefined;
}
