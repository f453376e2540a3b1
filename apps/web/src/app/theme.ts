import { getStored, setStored } from '../lib/storage.ts';

export type Theme = 'dark' | 'light';

/** Dark is the product's default (DESIGN.md); light is the visitor's choice, remembered on this device. */
export function storedTheme(): Theme {
  return getStored('theme') === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function saveTheme(theme: Theme): void {
  setStored('theme', theme);
  applyTheme(theme);
}
