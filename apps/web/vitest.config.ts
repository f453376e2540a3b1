import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Tests never reach the network: script tags added by the analytics loaders stay unfetched.
    environmentOptions: {
      happyDOM: {
        settings: {
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    // CSS stays unprocessed (class names come back empty), except a stylesheet read as text with `?raw`: a test
    // that checks a look happy-dom cannot compute (a disabled button's) reads its rules (ui/button.test.tsx).
    css: { include: [/\.css\?raw$/] },
    setupFiles: ['src/test/setup.ts'],
    // A worker's files share one window and one copy of the modules: importing React, the router and the contract
    // again for each of 126 files took about 40 percent of the project's time (294 s against 171 s on 2026-12-02's
    // two cores). No test mocks a module; what the app keeps for the life of a tab, setup.ts puts back after each test.
    isolate: false,
    // A page test may wait on several findBy calls of up to 20 s each (setup.ts) on a loaded machine; the test as a
    // whole gets room for that instead of vitest's 5 s default, which a single slow wait would use up.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
