import { describe, expect, it } from 'vitest';
import css from './tokens.css?raw';

/**
 * DESIGN.md's "colour contrast at WCAG AA", checked on the tokens themselves in both themes: text at 4.5:1 and a
 * field's outline at 3:1 (WCAG 1.4.11) on every surface it sits on. axe-core checks text on pages, not outlines;
 * session 72's access hunt measured the fields' at 1.65:1.
 */
function themeColors(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('\n}', start));
  return new Map([...block.matchAll(/--(color-[a-z-]+):\s*(#[0-9a-f]{6});/gi)].map(([, name, hex]) => [name!, hex!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const dark = themeColors(':root');
const light = new Map([...dark, ...themeColors("[data-theme='light']")]);
const surfaces = ['color-bg', 'color-surface', 'color-surface-raised'];

describe.each([
  ['dark', dark],
  ['light', light],
])('the %s theme', (_, colors) => {
  it.each(surfaces)('outlines fields at 3:1 or more on %s', (surface) => {
    expect(contrast(colors.get('color-border-control')!, colors.get(surface)!)).toBeGreaterThanOrEqual(3);
  });

  it.each(surfaces)('sets text and muted text at 4.5:1 or more on %s', (surface) => {
    for (const text of ['color-text', 'color-text-muted']) {
      expect(contrast(colors.get(text)!, colors.get(surface)!), text).toBeGreaterThanOrEqual(4.5);
    }
  });
});
