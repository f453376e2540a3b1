import { beforeEach, vi } from 'vitest';

/**
 * For tests about routing and the shell: pages load their data as they render, so every API call gets a 404
 * answer instead of going out to a server that is not there. Vitest puts `fetch` back after each test
 * (unstubGlobals), once the page is unmounted: unstubbing in an afterEach would leave the page still mounted,
 * and still asking, without its fake API.
 */
export function stubEmptyApi(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not here' }), { status: 404 })),
    );
  });
}
