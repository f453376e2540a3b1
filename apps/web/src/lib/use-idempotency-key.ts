import { useRef } from 'react';

/**
 * One `Idempotency-Key` per submission attempt (house rule 8). Sending the same body again after a failure is a
 * retry of the same attempt and reuses the key, so a request that did reach the API is not made twice; a changed
 * body, or any submission after a success, is a new attempt with a new key.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  return {
    keyFor(body: unknown): string {
      const serialized = JSON.stringify(body);
      if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: crypto.randomUUID() };
      return attempt.current.key;
    },
    /** The attempt succeeded: the next submission is a new one. */
    settle(): void {
      attempt.current = undefined;
    },
  };
}
