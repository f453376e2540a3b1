/*
 * Used by: email-layout.ts, users/newsletter/newsletter-page.ts · Reads and writes no table · Tests: house-colours.test.ts.
 */

/**
 * The web app's colours (apps/web/src/ui/tokens.css) for what the API draws outside the app: mail, which clients
 * render without our stylesheet, and the small pages a mail's links open. Copied as values, since neither can load
 * the app's CSS; a test holds them equal to the tokens, so a change of theme cannot leave these behind.
 */
export const HOUSE_COLOURS = {
  dark: {
    bg: '#0b0b10',
    surface: '#15151d',
    border: '#2a2a37',
    text: '#f3f1ec',
    textMuted: '#a9a7b3',
    accent: '#39e7b8',
    onAccent: '#04130e',
    focusRing: '#39e7b8',
  },
  light: {
    bg: '#f6f4ef',
    surface: '#ffffff',
    border: '#dedad0',
    text: '#15141a',
    textMuted: '#5a5864',
    accent: '#06775d',
    onAccent: '#ffffff',
    focusRing: '#06775d',
  },
} as const;

export type THouseColourName = keyof (typeof HOUSE_COLOURS)['dark'];

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The token each colour copies: `textMuted` is `--color-text-muted`. */
export function tokenNameOf(name: THouseColourName): string {
  return `--color-${kebab(name)}`;
}

/** One theme as CSS custom properties for a page of our own (`--text-muted: …`), for pages that can hold a stylesheet. */
export function houseColourProperties(theme: keyof typeof HOUSE_COLOURS): string {
  return Object.entries(HOUSE_COLOURS[theme])
    .map(([name, value]) => `--${kebab(name)}:${value}`)
    .join(';');
}
