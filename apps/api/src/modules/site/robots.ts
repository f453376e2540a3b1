import { privateWebPathPrefixes } from '@cypher/contract';

/**
 * `/robots.txt`: every crawler may read the public pages, and the API they load their data from (a crawler that runs
 * scripts renders a page with it); the signed-in and console pages, the dev tools and the API docs are left out; the
 * sitemap is named by its absolute address.
 */
export function robotsTxt(publicUrl: string): string {
  const disallowed = [...privateWebPathPrefixes, '/dev/', '/docs'];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
