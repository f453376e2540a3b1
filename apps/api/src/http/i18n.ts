import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  errorCatalogue,
  type TErrorCode,
  type TLanguage,
} from '@cypher/contract';

/**
 * The one place that reads `Accept-Language`. Only English exists today; when another language arrives, its
 * messages are looked up here and nothing else changes.
 */
export function resolveLanguage(acceptLanguage: string | undefined): TLanguage {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const preferred = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.find((param) => param.trim().startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0] ?? '', quality: quality ? Number(quality.split('=')[1]) : 1 };
    })
    .filter((entry) => entry.language && !Number.isNaN(entry.quality))
    .sort((a, b) => b.quality - a.quality);
  const match = preferred.find((entry) => (SUPPORTED_LANGUAGES as readonly string[]).includes(entry.language));
  return (match?.language as TLanguage | undefined) ?? DEFAULT_LANGUAGE;
}

export function errorMessage(code: TErrorCode, _language: TLanguage): string {
  return errorCatalogue[code].message;
}
