import { vi } from 'vitest';

/**
 * Stands in for `window.location` with `assign` replaced (a page that sends the browser to a provider): the rest
 * reads the real address. A spread of `window.location` would not do: its fields are getters on the prototype, so
 * the copy has no `pathname`, which pages read for their canonical address.
 */
export function stubLocationAssign(assign: (url: string | URL) => unknown): void {
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location;
  vi.stubGlobal('location', { href, origin, protocol, host, hostname, port, pathname, search, hash, assign });
}
