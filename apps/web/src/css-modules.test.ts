import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A class a component reads from its CSS module and the sheet does not define is `undefined` at run time: no class,
// no style, and no error anywhere (the pass page's sale panel lost its whole look that way when the drop page's
// panel moved to ui/status-panel). TypeScript types a module's classes loosely, so this reads the sources instead.
const sourceRoot = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every `name.className` a file reads from a CSS module it imports as `name`, that the module does not define. */
function undefinedClasses(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/import (\w+) from '([^']+\.module\.css)'/g)].flatMap(([, name, sheet]) => {
    const css = fs.readFileSync(path.resolve(path.dirname(file), sheet!), 'utf8');
    const defined = new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]));
    const read = [...source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))].map((match) => match[1]!);
    return [...new Set(read)]
      .filter((className) => !defined.has(className))
      .map((className) => `${path.relative(sourceRoot, file)}: ${name}.${className} (${sheet})`);
  });
}

describe('CSS modules', () => {
  it('define every class the components read from them', () => {
    const files = sourceFiles(sourceRoot);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(undefinedClasses)).toEqual([]);
  });
});
