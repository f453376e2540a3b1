import type { TCollection, TLicense } from './catalog.ts';
import { rarityLabel } from './catalog-vocabulary.ts';
import type { TEditionDetail } from './editions.ts';
import type { TFigureBaseDetail } from './figure-bases.ts';
import type { TFusion } from './fusions.ts';
import { formatEditionNumber, formatNumber } from './money-format.ts';
import { editionArtworkUrl } from './orders.ts';
import type { TPageMeta } from './page-head.ts';
import type { TPass } from './passes.ts';
import type { TRaffleDraw } from './raffle-draw.ts';
import type { TPublicUser } from './users.ts';
import { webPath } from './web-routes.ts';

/*
 * What a page that shows one thing named in its address says about that thing: its page's <PageMeta> in the browser,
 * and the head of the shell the API sends for that address (apps/api/src/modules/site/page-subjects.ts), so a shared
 * link previews the thing and the title does not change once the page has loaded. Each takes the public read its page
 * makes.
 */

/** A detail page whose address names nothing: "Fusion not found", as the page itself says (ui/detail-states.tsx). */
export function notFoundPageMeta(what: string): TPageMeta {
  return { title: `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`, isNotFound: true };
}

/** `/pass/:id` */
export function passPageMeta(pass: Pick<TPass, 'name' | 'description' | 'imageUrl' | 'brand'>): TPageMeta {
  return {
    title: `${pass.name} · ${pass.brand.name}`,
    description: pass.description || `A pass from ${pass.brand.name} that opens sale rounds to its holders.`,
    image: pass.imageUrl,
  };
}

/** `/fusions/:id`: a result the catalogue does not show yet is never named. */
export function fusionPageMeta(
  fusion: Pick<TFusion, 'name' | 'description' | 'imageUrl' | 'brand' | 'result'>,
): TPageMeta {
  const product = fusion.result.product;
  return {
    title: `${fusion.name} · ${fusion.brand.name}`,
    description:
      fusion.description ||
      `Fuse editions from your collection into ${product ? product.name : 'a collectible yet to be announced'}.`,
    image: fusion.imageUrl,
  };
}

/** `/fusions/:id/slots`: the screen it shows (choosing, by default; the browser also names a result or a refusal). */
export function fusionSlotsPageMeta(fusion: Pick<TFusion, 'name'>, screen = 'Choose materials'): TPageMeta {
  return { title: `${screen} · ${fusion.name}` };
}

/** `/licenses/:id` */
export function licensePageMeta(license: Pick<TLicense, 'name' | 'description' | 'imageUrl' | 'brand'>): TPageMeta {
  return {
    title: `${license.name} · ${license.brand.name}`,
    description: license.description || `Collectibles made under the ${license.name} license of ${license.brand.name}.`,
    image: license.imageUrl,
  };
}

/** `/collections/:id` */
export function collectionPageMeta(
  collection: Pick<TCollection, 'name' | 'description' | 'imageUrl' | 'brand'>,
): TPageMeta {
  return {
    title: `${collection.name} · ${collection.brand.name}`,
    description: collection.description ?? undefined,
    image: collection.imageUrl,
  };
}

/** `/collections/:id/figure_base/:baseId/editions` */
export function figureBasePageMeta(
  base: Pick<TFigureBaseDetail, 'name' | 'description' | 'imageUrl' | 'collection'>,
): TPageMeta {
  return {
    title: `${base.name} · ${base.collection.name}`,
    description: base.description ?? undefined,
    image: base.imageUrl,
  };
}

/** A profile without a nickname yet (it is chosen at profile creation) is still somebody's. */
export function collectorName(user: Pick<TPublicUser, 'nickname'>): string {
  return user.nickname ?? 'A collector';
}

/** `/users/:id` */
export function collectorPageMeta(user: Pick<TPublicUser, 'nickname' | 'photoUrl'>, brandName: string): TPageMeta {
  const name = collectorName(user);
  return {
    title: `${name} · Collector`,
    description: `What ${name} collects and loves on ${brandName}.`,
    image: user.photoUrl,
  };
}

/**
 * `/nfts/:id` and `/products/nfts/:id`, both named by the first: a generative edition's own artwork (spec section 9) is
 * its picture, in place of the product's image. Its page adds the facts a preview shows under the title.
 */
export function editionPageMeta(
  edition: Pick<TEditionDetail, 'id' | 'serialNumber' | 'editionSize' | 'product' | 'brand' | 'type' | 'resourceUri'>,
): TPageMeta {
  const name = `${edition.product.name} #${formatNumber(edition.serialNumber)}`;
  return {
    title: `${name} · ${edition.brand.name}`,
    description: `Edition ${formatEditionNumber(edition.serialNumber, edition.editionSize)} of ${edition.product.name}, a ${rarityLabel(edition.product.rarity).toLowerCase()} collectible from ${edition.brand.name}.`,
    image: editionArtworkUrl(edition) ?? edition.product.imageUrl,
    path: webPath('/nfts/:id', { id: edition.id }),
    type: 'product',
  };
}

/** `/drops/:id/raffle/:roundId` */
export function raffleDrawPageMeta(draw: Pick<TRaffleDraw, 'round'>): TPageMeta {
  return {
    title: `Raffle draw · Round ${draw.round}`,
    description: `Check the winners of round ${draw.round}'s raffle against the seed committed before anyone entered.`,
  };
}
