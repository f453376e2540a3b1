import type { FastifyBaseLogger } from 'fastify';
import FindMyWay from 'find-my-way';
import { responsiveImages, uploadSrcSet, type TImageVariantWidth } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { publicScope } from '../catalog/catalog-scope.ts';
import { getBrand } from '../catalog/get-brand.ts';
import { listBanners } from '../catalog/list-banners.ts';
import { publicDropImageUrl } from '../drops/public-drop-pages.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The home page's banner read, exactly as the web asks it (features/catalog/api/list-banners.ts), so the browser can
// use the preloaded answer.
const HOME_BANNERS_READ = '/v1/banners?placement=HOME&size=10';

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function imagePreload(url: string, image: { largestVariant: TImageVariantWidth; sizes: string }): string {
  const srcset = uploadSrcSet(url, image.largestVariant);
  const responsive = srcset
    ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(image.sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(url)}"${responsive} fetchpriority="high">`;
}

/** The banner of a brand the public can open at `idOrSlug` (as its page finds it), or null. */
async function publicBrandBannerUrl(db: Db, idOrSlug: string): Promise<string | null> {
  try {
    return (await getBrand(db, idOrSlug, publicScope)).bannerUrl;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * Hints for the head of a page's HTML: the picture that is its largest paint (the home page's first banner, a drop's
 * artwork, a brand's banner) is fetched while the scripts load, not after they have run and asked the API for it; the home page's
 * banner read too. A hint is an optimisation: whatever fails here, the page is served without it.
 */
export function pagePreloads(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const pages = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  pages.on('GET', '/', () => undefined, { page: 'home' });
  pages.on('GET', '/drops/:id', () => undefined, { page: 'drop' });
  pages.on('GET', '/brands/:id', () => undefined, { page: 'brand' });
  pages.on('GET', '/brands/:type/:id', () => undefined, { page: 'brand' });

  return async (url: string, log: FastifyBaseLogger): Promise<string> => {
    const match = pages.find('GET', url.split('?')[0] ?? url);
    if (!match) return '';
    try {
      if (match.store.page === 'home') {
        const { items } = await listBanners(
          ctx.db,
          { placement: 'HOME', page: 1, size: 1 },
          { showingAt: ctx.clock.now() },
        );
        const first = items[0];
        const fetchHint = `<link rel="preload" as="fetch" href="${HOME_BANNERS_READ}" crossorigin="anonymous">`;
        return first ? `${fetchHint}${imagePreload(first.imageUrl, responsiveImages.homeBanner)}` : fetchHint;
      }
      const id = match.params.id ?? '';
      if (match.store.page === 'brand') {
        const bannerUrl = await publicBrandBannerUrl(ctx.db, id);
        return bannerUrl ? imagePreload(bannerUrl, responsiveImages.heroBanner) : '';
      }
      const imageUrl = UUID.test(id) ? await publicDropImageUrl(ctx.db, id, ctx.clock.now()) : null;
      return imageUrl ? imagePreload(imageUrl, responsiveImages.pageArtwork) : '';
    } catch (error) {
      log.warn({ err: error, url }, 'page preload hints failed; the page is served without them');
      return '';
    }
  };
}
