import { getStored, setStored } from '../lib/storage.ts';

export type Theme = 'dark' | 'light';

/** Dark is the product's default (DESIGN.md); light is the visitor's choice, remembered on this device. */
export function storedTheme(): Theme {
  return getStored('theme') === 'light' ? 'light' : 'dark';
}

/**
 * The cookie that tells the server the theme, so a page it renders is painted in it from the first byte (a light
 * page would otherwise flash dark until its script ran). Storage stays the source of truth; the cookie follows it.
 */
export const THEME_COOKIE = 'cypher_theme';

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
}

export function saveTheme(theme: Theme): void {
  setStored('theme', theme);
  applyTheme(theme);
}
