/**
 * Every page of the web app: the routes of spec section 2 (and the operator console), in one list. The web router
 * registers exactly these (plus the 404 catch-all) and router.test.tsx renders each one, with and without a trailing
 * slash; the API answers these addresses with the web app and any other page address with it and HTTP 404
 * (apps/api/src/http/web-app.ts). Trailing slashes need no entries of their own: React Router matches `/drops/` to
 * `/drops`, and so does the API. React Router matches without regard to case, and so does the API.
 */
export const webRoutePaths = [
  '/',
  '/signin',
  '/signup',
  '/pass',
  '/pass/:id',
  '/password/reset',
  '/password/change',
  '/payment',
  '/purchase/card',
  '/purchase/:id',
  '/purchase/:id/status',
  '/profile/creation',
  '/profile/edit',
  '/profile/redeem',
  '/email/verify',
  '/email/verified',
  '/account/security',
  '/account/connect',
  '/account/delete',
  '/collections',
  '/collections/:id',
  '/collections/:id/figure_base/:baseId/editions',
  '/drops',
  '/drops/:id',
  // Public check of a drop's pack contents against its commitment (issue 11; not in spec section 2).
  '/drops/:id/provenance',
  // Public check of a raffle round's draw against its commitment (issue 18; decision record 0026).
  '/drops/:id/raffle/:roundId',
  '/products',
  '/products/:id',
  '/products/nfts/:id',
  '/licenses/:id',
  '/brands',
  '/brands/:id',
  '/brands/:type/:id',
  '/notifications',
  '/nfts/:id',
  // public profile (issue 17; not in spec section 2): a collector's nickname, photo and favorites.
  '/users/:id',
  '/terms',
  '/tickets',
  '/tickets/attendance',
  '/onboarding',
  '/fusions',
  '/fusions/:id/slots',
  '/fusions/:id',
  '/guide',
  '/oauth/google/callback',
  '/oauth/discord/callback',
  // The operator console (not in the spec, which shows only collectors): see features/console.
  '/console',
  '/console/:section',
  '/console/:section/new',
  '/console/:section/:id',
] as const;

export type TWebRoutePath = (typeof webRoutePaths)[number];

/**
 * Pages search engines may list (the sitemap lists them and the public entities' pages; robots.txt keeps crawlers
 * out of the signed-in and console pages). The rest are a person's own pages, one-time links or coming-soon pages.
 */
export const indexableWebRoutePaths = [
  '/',
  '/drops',
  '/drops/:id',
  '/products',
  '/products/:id',
  '/brands',
  '/brands/:type/:id',
  '/pass',
  '/pass/:id',
  '/licenses/:id',
  '/collections/:id',
  '/fusions',
  '/fusions/:id',
  '/tickets',
  '/guide',
  '/terms',
] as const satisfies readonly TWebRoutePath[];

/** Address prefixes of pages that need a session (or an operator), which crawlers are asked to leave alone. */
export const privateWebPathPrefixes = [
  '/account/',
  '/console',
  '/notifications',
  '/oauth/',
  '/password/change',
  '/payment',
  '/profile/',
  '/purchase/',
] as const;

/**
 * The one address of the page opened at `pathname`, for its canonical link and og:url: React Router and the API
 * answer `/DROPS/` as `/drops`, so search engines are told the spelling of the route table (and of the sitemap), with
 * no trailing slash; what fills a parameter is kept as it came. A page whose address is not its route's (an NFT's,
 * with its trailing slash) names its own (page-head.ts).
 */
export function canonicalPagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  const segments = trimmed.split('/');
  for (const pattern of webRoutePaths) {
    const parts = pattern.split('/');
    const isMatch =
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]!.toLowerCase());
    if (isMatch) return parts.map((part, index) => (part.startsWith(':') ? segments[index] : part)).join('/');
  }
  return trimmed;
}

/** `/brands/:type/:id` with `{ type: 'artist', id }` -> `/brands/artist/<id>`; values are URI-encoded. */
export function webPath(pattern: TWebRoutePath, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`webPath: ${pattern} needs ${name}`);
    return encodeURIComponent(value);
  });
}

/** The purchase status page of an order: where checkouts send the buyer back and purchase notifications point. */
export function purchaseStatusPath(orderId: string): string {
  return `/purchase/${orderId}/status`;
}

/**
 * The payment page's Withdraw tab: a person's withdrawals and the identity check they need. Withdrawal and identity
 * notices and emails lead here, and the account deletion's balance blocker.
 */
export const withdrawalsPath = '/payment?tab=withdraw';

/**
 * Where a pack opens: the drops page's "My packs" tab with the pack dialog on top (spec section 2 has no pack route).
 * The API links the notification of a pack given as a gift here, and the web its purchase pages.
 */
export function packPath(packId: string): string {
  return `/drops?tab=packs&pack=${encodeURIComponent(packId)}`;
}
