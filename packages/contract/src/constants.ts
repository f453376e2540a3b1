/** Product constants of spec sections 1 and 9, shared by the API and the web app. */
export const APP_VERSION = '1.2.1';
export const DEFAULT_BRAND_NAME = 'Cypher';
export const PAGE_TITLE = 'The next generation of digital collectibles';
export const PAGE_DESCRIPTION =
  'Collect digital editions from the brands you love, evolve them through fusion, and collaborate with a community of fans.';
export const COMMUNITY_TEXT = '15,000+ members';
export const SUPPORTED_LANGUAGES = ['en'] as const;
export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** "The next generation of digital collectibles | Cypher" */
export function pageTitle(brandName: string, pageName?: string): string {
  return pageName ? `${pageName} | ${brandName}` : `${PAGE_TITLE} | ${brandName}`;
}
