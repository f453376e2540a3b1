import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetSessionSnapshot } from '../lib/session.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  // The session store caches what storage said; storage was just emptied behind its back.
  resetSessionSnapshot();
});
