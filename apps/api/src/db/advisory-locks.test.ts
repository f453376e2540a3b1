import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { advisoryLockClasses, advisoryLockKeys } from './advisory-locks.ts';

const sourceRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('advisory locks', () => {
  it('give every lock a number of its own', () => {
    for (const table of [advisoryLockClasses, advisoryLockKeys]) {
      const numbers = Object.values(table);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
  });

  it('are named only in the table: no service takes one by a number of its own', () => {
    // A lock call whose first argument is a literal number, or a constant that is not the table's.
    const ownNumber = /pg_(?:try_)?advisory_(?:xact_)?lock(?:_shared)?\(\s*(?:\d|\$\{(?!advisoryLock))/;
    const offenders = sourceFiles(sourceRoot)
      .filter((file) => ownNumber.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceRoot, file));
    expect(offenders).toEqual([]);
  });
});
