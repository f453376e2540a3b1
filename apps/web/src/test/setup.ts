import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { installFieldMessages } from '@cypher/contract';
import { resetApiTransport } from '../api/client.ts';
import { appConfig, readAppConfig } from '../config.ts';
import { resetCatalogFreshness } from '../api/catalog-freshness.ts';
import { resetCountryRestriction } from '../lib/country-restriction.ts';
import { resetSessionSnapshot } from '../lib/session.ts';

// As the app does when it boots (app/start-app.tsx): forms' messages in words where a schema names none.
installFieldMessages();

// A page that loads lazily, then fetches, can take longer than Testing Library's default second on a busy machine
// (the API suites run beside these; a first submit may load the form's schemas): wait up to twenty for what a test
// expects to appear. Nothing passes by waiting: a passing wait ends as soon as its element is there. Ten were not
// enough for the console's drop editor, the first of a worker's files to load the console's pages, on 2026-12-07's
// two cores with two other servers and browsers running beside the suites.
configure({ asyncUtilTimeout: 20_000 });

/**
 * Tests never reach a network: every request is answered by the test's fake API (src/test/fake-api.ts, or
 * stubEmptyApi). Without one, happy-dom's own fetch would try a server at localhost:3000 and print ECONNREFUSED or
 * "socket hang up" long after the test passed. This stands in its place (and vi.stubGlobal's restore brings it back,
 * since it is what `fetch` was when a test stubbed it): the request fails at once, and the test that made it fails
 * with its address, even when the page under test swallowed the failure into an error state.
 */
const unexpectedRequests: string[] = [];

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = input instanceof Request ? input.url : String(input);
  const test = expect.getState().currentTestName;
  unexpectedRequests.push(`${method} ${url}${test ? ` (in "${test}")` : ' (after its test ended)'}`);
  throw new TypeError(`No fake API answers ${method} ${url}: stub it with stubApi (src/test/fake-api.ts).`);
};

function failOnUnexpectedRequests() {
  if (unexpectedRequests.length === 0) return;
  const requests = unexpectedRequests.splice(0);
  throw new Error(`Requests that no fake API answered (stub them with stubApi):\n  ${requests.join('\n  ')}`);
}

/**
 * React marks each context with the renderer that last provided it, and warns when another renderer provides it
 * next. The server's renderer (entry-server.test.tsx) and the browser's share the app's contexts here only because a
 * worker's files share modules; in the app they never share a process. That one warning, tens of thousands of lines
 * in the files after a server render, is left out; every other error is written as it was.
 */
const sharedContextWarning = 'Detected multiple renderers concurrently rendering the same context provider';
const writeError: typeof console.error & { skipsSharedContextWarning?: true } = console.error;
if (!writeError.skipsSharedContextWarning) {
  const filtered = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(sharedContextWarning)) return;
    writeError(...args);
  };
  console.error = Object.assign(filtered, { skipsSharedContextWarning: true as const });
}

/** Where happy-dom's window starts; a test that moved it (a server render's address) is put back. */
const startingAddress = window.location.href;

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The files of a worker share one
// window and one copy of the app's modules (vitest.config.ts: isolate is off), so each test also puts back what the
// app keeps for the life of a tab: storage, the session store's copy of it, a country restriction, the catalogue's
// freshness after a console change, the address and the clock.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The session store caches what storage said; storage was just emptied behind its back.
  resetSessionSnapshot();
  resetCountryRestriction();
  resetCatalogFreshness();
  window.history.replaceState(null, '', startingAddress);
  vi.useRealTimers();
  failOnUnexpectedRequests();
});

// A request sent after the last test's end (a page still loading as it was unmounted) fails the file.
afterAll(failOnUnexpectedRequests);

// A server renderer, made once for a file, sets the API's transport and the app's configuration for its tests
// (entry-server.tsx): the next file gets the browser's again.
afterAll(() => {
  resetApiTransport();
  Object.assign(appConfig, readAppConfig(undefined));
});

/**
 * NProgress animates the route bar (app/route-progress-bar.tsx) on timers of its own that nothing can cancel: each
 * step it is set to holds its queue for `speed` ms, and while a bar runs it trickles, setting a step every
 * `trickleSpeed` ms. A file whose last test navigated just before it ended had them fire after the test environment was
 * gone ("document is not defined", an unhandled error that fails the run: seen in CI on a slow machine). Two things
 * keep them inside the file:
 * - here every step takes no time (the bar's animation is the browser journeys' to see), so its queue never builds
 *   up: with 240 ms steps set every 160 ms, a bar left running (a page still loading when its test ended) queued
 *   steps faster than they ran, and waiting for them to run out took longer than the hook's 10 s (a flake of
 *   unsaved-changes.test.tsx, seen in session 35 one run in two when the file ran alone);
 * - after the file, a bar still running is told it is not (its trickle stops at its next tick), and the file waits
 *   for that tick.
 */
const setProgress = NProgress.set.bind(NProgress);
NProgress.set = (n: number) => {
  NProgress.settings.speed = 0;
  return setProgress(n);
};
afterAll(async () => {
  NProgress.status = null;
  await new Promise((resolve) => setTimeout(resolve, (NProgress.settings.trickleSpeed ?? 0) + 50));
});
