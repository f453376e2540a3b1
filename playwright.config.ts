import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server (API + built web app on one port) in the system Chromium: Playwright's
 * own browser download is never used. Each run starts on a fresh embedded database in a temporary folder.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
// The journeys check what people do, not how it moves: with motion reduced (which the app honours, ui/global.css)
// skeletons, spinners and transitions stop drawing frames, and Chromium's software rendering of them no longer takes
// the two cores the server and the other browser need. The home page's check, which plays and pauses the slides,
// keeps its motion.
const stillDesktop = { ...desktop, reducedMotion: 'reduce' as const };
const clockBound = ['waiting-room-journey.spec.ts', 'raffle-journey.spec.ts'];
const seededHome = /the home page shows the seeded banners/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two busy browsers at once (the desktop project's limit, below): on two cores a third made every journey slower
  // and some ran out of time. The two clock-bound journeys spend a minute or more idle, waiting on the real clock for a
  // round to open, so they run in slots of their own beside those two instead of taking theirs: four in all. Each
  // journey signs up its own people and makes its own drops; the ones that read the seeded demo read what no other
  // journey changes (the home page's lead drop excepted: it runs alone, below).
  workers: 4,
  retries: 0,
  // Generous for a slow machine: on 2026-11-29's, two browsers, the server and PGlite on two slow cores, pages that do
  // answer took more than 7 s (a client-side navigation, a payment's confirmation), and ten journeys ran out of their
  // 30 s; one at a time the same journeys passed well within them. A hang still fails, only later. On a slower one
  // still (session 20's), journeys without a timeout of their own took 42 to 66 s, and the identity journey ran out of
  // 60 s in its last accessibility scan (one axe pass over the wire form took 6.2 s): hence 120 s, as the longer
  // journeys already set for themselves.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace unless asked for (`npx playwright test --trace retain-on-failure`): recording one screencasts every
    // page: on 2026-12-07's two cores the browser and its GPU process used 112 s of CPU over two journey files with it
    // and 44 s without, and the files ran 2.5 min against 1.7; all the journeys, 9.9 against 7.5 min. CI keeps only
    // the run's log, where the failure is named.
    trace: 'off',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  // The home page's check of the seeded drops runs alone first: journeys make drops of their own that go on sale and
  // would lead the page. Then the journeys that wait on the real clock for a round to open (a minute or more) run in
  // their own two slots, beside the others instead of in place of them.
  projects: [
    { name: 'seeded-home', testMatch: 'catalog.spec.ts', grep: seededHome, use: desktop },
    { name: 'clock-bound', testMatch: clockBound, dependencies: ['seeded-home'], workers: 2, use: stillDesktop },
    {
      name: 'desktop',
      testIgnore: clockBound,
      grepInvert: seededHome,
      dependencies: ['seeded-home'],
      workers: 2,
      use: stillDesktop,
    },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${port}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Stopped as a deployment stops it, so its temporary data folder goes with it (a SIGKILL, Playwright's default,
    // left about 50 MB in the system's temporary folder after every run). The server's own shutdown gives itself up to
    // 20 s (apps/api/src/main.ts) before it exits anyway.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 25_000 },
    env: { PORT: String(port), E2E_PORT: String(port) },
  },
});
