import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Each file opens its own database (PGlite boots in about a second); give slow machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
