import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type TLanguage } from '@cypher/contract';

/**
 * The current language, in one place: the API client sends it as Accept-Language and the document carries it as
 * `lang`. The product speaks English only today (spec section 1); more languages extend SUPPORTED_LANGUAGES.
 */
let currentLanguage: TLanguage = DEFAULT_LANGUAGE;

export function getCurrentLanguage(): TLanguage {
  return currentLanguage;
}

export function isSupportedLanguage(value: string): value is TLanguage {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export function setCurrentLanguage(language: TLanguage): void {
  currentLanguage = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
