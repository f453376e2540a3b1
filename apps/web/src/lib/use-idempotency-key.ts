import { useRef } from 'react';
import { tabStorage } from './storage.ts';

/** An attempt whose answer was never seen, kept this long for a reload to retry it under its key. */
export const UNANSWERED_ATTEMPT_MS = 10 * 60_000;

/** `sent`: the request as it went out, where it holds more than `body` (a total agreed to), for a reload to resend. */
type TAttempt = { body: string; key: string; at: number; sent?: unknown };

const attemptPrefix = 'cypher:attempt:';
const storageKey = (name: string) => `${attemptPrefix}${name}`;

/**
 * Signing out forgets this tab's unanswered attempts: the API keeps an Idempotency-Key as its sender's, so another
 * person signing in here would send one again as a new request of theirs, not see what became of the first.
 */
export function forgetUnansweredAttempts(): void {
  try {
    const storage = tabStorage();
    if (!storage) return;
    const kept = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(attemptPrefix) ?? false,
    );
    for (const key of kept) storage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}

function readKept(name: string, now: number): TAttempt | undefined {
  try {
    const kept = JSON.parse(tabStorage()?.getItem(storageKey(name)) ?? 'null') as TAttempt | null;
    return kept && typeof kept.key === 'string' && now - kept.at < UNANSWERED_ATTEMPT_MS ? kept : undefined;
  } catch {
    return undefined;
  }
}

function keep(name: string, attempt: TAttempt | undefined): void {
  try {
    if (attempt) tabStorage()?.setItem(storageKey(name), JSON.stringify(attempt));
    else tabStorage()?.removeItem(storageKey(name));
  } catch {
    // Storage refused (private mode, quota): the attempt lives as long as the page, as before.
  }
}

/**
 * One `Idempotency-Key` per submission attempt (house rule 8). Sending the same body again after a failure is a
 * retry of the same attempt and reuses the key, so a request that did reach the API is not made twice; a changed
 * body, or any submission after a success, is a new attempt with a new key.
 *
 * The attempt is kept in the tab under `name` (a form's, such as `purchase`) until it is answered: a page reloaded
 * while its request was on its way, which then sends the same body again (the purchase popup opened again by its
 * address, Pay tapped once more), retries that attempt, and the API answers what it did the first time rather than
 * buying, charging or paying out twice. Kept for UNANSWERED_ATTEMPT_MS: later, the same body is a new attempt.
 */
export function useIdempotencyKey(name: string) {
  const attempt = useRef<TAttempt | undefined>(undefined);
  return {
    keyFor(body: unknown, sent?: unknown): string {
      const serialized = JSON.stringify(body);
      const now = Date.now();
      if (attempt.current?.body !== serialized) {
        const kept = readKept(name, now);
        attempt.current = kept?.body === serialized ? kept : { body: serialized, key: crypto.randomUUID(), at: now };
      }
      // Sent (again) now: kept from now on, with the request as it goes out when the caller names it.
      attempt.current = { ...attempt.current, at: now, ...(sent === undefined ? {} : { sent }) };
      keep(name, attempt.current);
      return attempt.current.key;
    },
    /**
     * The attempt this tab sent under `name` and never saw answered (the page reloaded while it was on its way), with
     * the request as it went out: sent again under its key, the API answers what it did the first time.
     */
    unanswered(): { key: string; sent: unknown } | undefined {
      const kept = readKept(name, Date.now());
      return kept && kept.sent !== undefined ? { key: kept.key, sent: kept.sent } : undefined;
    },
    /** The attempt was answered (done, or refused for good): the next submission is a new one. */
    settle(): void {
      attempt.current = undefined;
      keep(name, undefined);
    },
  };
}
