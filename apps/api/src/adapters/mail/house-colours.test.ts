import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOUSE_COLOURS, tokenNameOf, type THouseColourName } from './house-colours.ts';

const TOKENS = fs.readFileSync(new URL('../../../../web/src/ui/tokens.css', import.meta.url), 'utf8');

/** The custom properties of one rule of tokens.css (`:root` is the dark theme, `[data-theme='light']` the light). */
function tokensOf(selector: string): Map<string, string> {
  const start = TOKENS.indexOf(`${selector} {`);
  const block = TOKENS.slice(start, TOKENS.indexOf('\n}', start));
  return new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
}

describe('house colours', () => {
  it.each([
    ['dark', ':root'],
    ['light', "[data-theme='light']"],
  ] as const)('are the web app’s %s theme tokens', (theme, selector) => {
    const tokens = tokensOf(selector);
    for (const [name, value] of Object.entries(HOUSE_COLOURS[theme])) {
      expect([tokenNameOf(name as THouseColourName), value]).toEqual([
        tokenNameOf(name as THouseColourName),
        tokens.get(tokenNameOf(name as THouseColourName)),
      ]);
    }
  });
});
