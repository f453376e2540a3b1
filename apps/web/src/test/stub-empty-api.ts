import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For tests about routing and the shell: pages load their data as they render, so every API call gets a 404
 * answer instead of going out to a server that is not there.
 */
export function stubEmptyApi(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Not here' }), { status: 404 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
