import { useSyncExternalStore } from 'react';

/**
 * Spec section 7: an API answer 499 COUNTRY_RESTRICTED means the service is not offered where the visitor is. The
 * API client marks it here, and the shell then shows the "not available in your region" page instead of any route.
 * It lasts until the page is reloaded: the answer is about where the request came from, not about one call.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let isRestricted = false;

export function markCountryRestricted(): void {
  if (isRestricted) return;
  isRestricted = true;
  for (const listener of listeners) listener();
}

function isCountryRestricted(): boolean {
  return isRestricted;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCountryRestricted(): boolean {
  return useSyncExternalStore(subscribe, isCountryRestricted, isCountryRestricted);
}

/** Tests only: back to unrestricted. */
export function resetCountryRestriction(): void {
  isRestricted = false;
}
