/**
 * Browser storage for the session (spec section 3), every key under one product prefix so the app never collides
 * with anything else on the origin. Values are JSON; a corrupt or foreign value reads as absent.
 */
const PREFIX = 'cypher:';

/** The signed-in user as last fetched from `/users/my`; the users feature owns its full shape. */
export interface StoredUser {
  id: string;
  email: string;
  status: string;
  nickname?: string | null;
  [field: string]: unknown;
}

/**
 * The temporary social-login profile (spec section 3): what a provider told us about someone who has not finished
 * signing up yet, with the API's `signUpToken` that the consent step sends back. Cleared with the session.
 */
export interface StoredSocialProfile {
  provider: 'google' | 'discord';
  email?: string;
  name?: string | null;
  picture?: string | null;
  signUpToken?: string;
}

export interface StorageSchema {
  accessToken: string;
  refreshToken: string;
  user: StoredUser;
  socialProfile: StoredSocialProfile;
  onboardingCompleted: boolean;
  /** The visitor's colour theme choice; dark when absent. A device preference, kept across sessions. */
  theme: 'dark' | 'light';
  /** The failed identity check whose "Resubmit ID" popup the person closed: it does not open again for that one. */
  identityFailureSeen: string;
  /**
   * The page someone was on when they signed up (the drop they signed in to buy): kept through email verification,
   * whose link opens a fresh page, so profile creation goes on there; removed once the profile exists.
   */
  signUpReturnTo: string;
}

export type StorageKey = keyof StorageSchema;

/** Logout and a failed refresh clear these; the onboarding flag and the theme belong to the device. */
const sessionKeys = [
  'accessToken',
  'refreshToken',
  'user',
  'socialProfile',
  'identityFailureSeen',
  'signUpReturnTo',
] as const satisfies StorageKey[];

// Private browsing modes and locked-down browsers can refuse storage; the app then keeps the session in memory.
const memoryFallback = new Map<string, string>();

type TStorageBackend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memoryBackend: TStorageBackend = {
  getItem: (key) => memoryFallback.get(key) ?? null,
  setItem: (key, value) => void memoryFallback.set(key, value),
  removeItem: (key) => void memoryFallback.delete(key),
};

let isLocalStorageUsable: boolean | undefined;

/**
 * The storage this page uses, decided once by a probe write. Once, because every write is a `storage` event in the
 * origin's other tabs: probed on every read, two open tabs answered each other's events with reads, and so with more
 * probes, thousands a second until both froze.
 */
function backend(): TStorageBackend {
  isLocalStorageUsable ??= probeLocalStorage();
  return isLocalStorageUsable ? window.localStorage : memoryBackend;
}

function probeLocalStorage(): boolean {
  try {
    const probe = `${PREFIX}probe`;
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** The key a stored item has in the browser's storage, as a `storage` event names it. */
export function storageKeyOf(key: StorageKey): string {
  return PREFIX + key;
}

export function getStored<K extends StorageKey>(key: K): StorageSchema[K] | undefined {
  const raw = backend().getItem(storageKeyOf(key));
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as StorageSchema[K];
  } catch {
    return undefined;
  }
}

export function setStored<K extends StorageKey>(key: K, value: StorageSchema[K]): void {
  backend().setItem(storageKeyOf(key), JSON.stringify(value));
}

export function removeStored(key: StorageKey): void {
  backend().removeItem(storageKeyOf(key));
}

/** Spec section 4: logout or a failed refresh clears every stored session item. */
export function clearSession(): void {
  for (const key of sessionKeys) removeStored(key);
}

/**
 * This tab's sessionStorage, for what must survive a round trip through another site (a payment provider, a sign-in
 * provider) in this tab only; undefined where the browser refuses storage.
 */
export function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
