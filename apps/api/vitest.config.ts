import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Every file imports the whole app; with isolation each file imported it again (about six of every ten seconds
    // of the suites on PostgreSQL). No test mocks a module, and each builds its own app and database, so the files of
    // a worker share the modules and keep nothing else.
    isolate: false,
    // One migrated database per run, copied for each file (testing/migrated-template.ts).
    globalSetup: ['src/testing/migrated-template.ts'],
    // Passwords hashed at a small cost: the suites sign up hundreds of people (modules/auth/password-hashing.ts).
    setupFiles: ['src/testing/test-password-cost.ts'],
    // Each file opens its own database (a PGlite copy boots in about a second); give slow machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
