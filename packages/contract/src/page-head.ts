import { canonicalPagePath } from './web-routes.ts';
import { PAGE_DESCRIPTION, pageTitle } from './constants.ts';

/** What a page says about itself to search engines and link previews (ui/page-meta.tsx). */
export interface TPageMeta {
  /** The page's own name; the brand is appended. Leave out on the home page for the product title. */
  title?: string;
  description?: string;
  /** The picture a shared link shows: the entity's own image when it has one. A site path or an absolute URL. */
  image?: string | null;
  /** The page's one address (its canonical link and og:url), a site path; the address it was opened at otherwise. */
  path?: string;
  /** Open Graph's kind of page: `product` for a product or a collectible, `website` otherwise. */
  type?: 'website' | 'product';
  /**
   * Up to two facts a link preview shows under the title (Slack, X and Discord read Twitter's label and data tags):
   * a drop's price and date, a product's rarity, a collectible's edition number.
   */
  facts?: ReadonlyArray<{ label: string; value: string }>;
  /**
   * The address names nothing (the app's not-found screen, a drop or brand that does not exist): search engines are
   * told not to list it, and the server answers it with 404 (entry-server.tsx).
   */
  isNotFound?: boolean;
}

export interface TPageHead {
  title: string;
  description: string;
  canonical: string;
  /** `<meta name="robots" content="noindex">`: a page that names nothing is not listed. */
  isNoIndex: boolean;
  /** Open Graph tags are `property`, Twitter's are `name`. */
  tags: ReadonlyArray<{ attribute: 'name' | 'property'; key: string; content: string }>;
}

const DEFAULT_SOCIAL_IMAGE = '/social-card.png';

/** Social crawlers need absolute addresses; uploads are site paths (`/uploads/...`). */
function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;
}

/** The tags of a page: the same for the server's HTML and for the browser, which updates them as the page changes. */
export function pageHead(meta: TPageMeta, site: { brandName: string; publicUrl: string; path: string }): TPageHead {
  const title = pageTitle(site.brandName, meta.title);
  const description = meta.description ?? PAGE_DESCRIPTION;
  const canonical = absoluteUrl(site.publicUrl, meta.path ?? canonicalPagePath(site.path));
  const image = absoluteUrl(site.publicUrl, meta.image || DEFAULT_SOCIAL_IMAGE);
  const isSiteCard = !meta.image;
  const imageAlt = isSiteCard ? `${site.brandName}: the next generation of digital collectibles` : title;
  const property = (key: string, content: string) => ({ attribute: 'property' as const, key, content });
  const name = (key: string, content: string) => ({ attribute: 'name' as const, key, content });
  return {
    title,
    description,
    canonical,
    isNoIndex: meta.isNotFound === true,
    tags: [
      property('og:type', meta.type ?? 'website'),
      property('og:site_name', site.brandName),
      property('og:title', title),
      property('og:description', description),
      property('og:url', canonical),
      property('og:image', image),
      // Only the site card's size is known; an entity's picture is measured by whoever reads it.
      ...(isSiteCard ? [property('og:image:width', '1200'), property('og:image:height', '630')] : []),
      property('og:image:alt', imageAlt),
      name('twitter:card', 'summary_large_image'),
      name('twitter:title', title),
      name('twitter:description', description),
      name('twitter:image', image),
      name('twitter:image:alt', imageAlt),
      ...(meta.facts ?? [])
        .slice(0, 2)
        .flatMap((fact, index) => [
          name(`twitter:label${index + 1}`, fact.label),
          name(`twitter:data${index + 1}`, fact.value),
        ]),
    ],
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The head of a page rendered on the server, in place of index.html's defaults. */
export function pageHeadHtml(head: TPageHead): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...(head.isNoIndex ? ['<meta name="robots" content="noindex">'] : []),
    ...head.tags.map(({ attribute, key, content }) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`),
  ].join('\n    ');
}
