import { DEFAULT_LANGUAGE, type TLanguage } from '@cypher/contract';

/**
 * The current language, in one place: the API client sends it as Accept-Language and the document carries it as
 * `lang`. The product speaks English only today (spec section 1); more languages extend SUPPORTED_LANGUAGES.
 */
const currentLanguage: TLanguage = DEFAULT_LANGUAGE;

export function getCurrentLanguage(): TLanguage {
  return currentLanguage;
}
