import { testPasswordCost } from '../modules/auth/password-hashing.ts';

// A setup file of the API suites (vitest.config.ts): hash passwords at a small cost (see testPasswordCost).
testPasswordCost.lower();
