import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBanner,
  ZBannerListQuery,
  ZBrand,
  ZBrandCollections,
  ZBrandCollectionsQuery,
  ZBrandListQuery,
  ZCategory,
  ZCategoryListQuery,
  ZCollection,
  ZCollectionListQuery,
  ZCursorPage,
  ZCursorQuery,
  ZData,
  ZLicense,
  ZLicenseListQuery,
  ZPage,
  ZProduct,
  ZProductActivity,
  ZProductListItem,
  ZProductListQuery,
  ZRarityCount,
  ZRarityCountQuery,
  ZTag,
  ZTagListQuery,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { cachePublicly } from '../../http/public-cache.ts';
import { publicScope } from './catalog-scope.ts';
import { countProductsByRarity } from './count-products-by-rarity.ts';
import { getBrand } from './get-brand.ts';
import { getCollection } from './get-collection.ts';
import { getLicense } from './get-license.ts';
import { getProduct } from './get-product.ts';
import { getTag } from './get-tag.ts';
import { ZIdOrSlug } from './identifiers.ts';
import { listBanners } from './list-banners.ts';
import { listBrandCollections } from './list-brand-collections.ts';
import { listBrands } from './list-brands.ts';
import { listCategories } from './list-categories.ts';
import { listCollections } from './list-collections.ts';
import { listLicenses } from './list-licenses.ts';
import { listProductActivities } from './list-product-activities.ts';
import { listProducts } from './list-products.ts';
import { listTags } from './list-tags.ts';
import { countriesRoutes } from './countries/countries.routes.ts';
import { termsRoutes } from './terms/terms.routes.ts';

const tags = ['catalog'];
const ZIdParams = z.object({ id: z.uuid() });
const ZIdOrSlugParams = z.object({ id: ZIdOrSlug });

/**
 * The public catalogue: published entries only, the same answer for everyone, so every route here is cacheable
 * (ETag + Cache-Control through `cachePublicly`). The catalogue's console routes (/v1/console/brands, licenses,
 * collections, products, categories, tags, banners, and their publish/unpublish) are in `console/` and registered
 * inside consoleRoutes, behind requireOperator.
 */
export function catalogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.addHook('onSend', cachePublicly);

    app.get(
      '/v1/brands',
      {
        schema: {
          tags,
          summary: 'Published brands',
          querystring: ZBrandListQuery,
          response: { 200: ZData(ZPage(ZBrand)) },
        },
      },
      async (request) => ({ data: await listBrands(db, request.query, publicScope) }),
    );
    app.get(
      '/v1/brands/:id',
      {
        schema: {
          tags,
          summary: 'A brand by id, by slug, or by a slug it went by before (a brand going by it now wins)',
          params: ZIdOrSlugParams,
          response: { 200: ZData(ZBrand) },
        },
      },
      async (request) => ({ data: await getBrand(db, request.params.id, publicScope) }),
    );

    app.get(
      '/v1/licenses',
      {
        schema: {
          tags,
          summary: 'Published licenses',
          querystring: ZLicenseListQuery,
          response: { 200: ZData(ZPage(ZLicense)) },
        },
      },
      async (request) => ({ data: await listLicenses(db, request.query, publicScope) }),
    );
    app.get(
      '/v1/licenses/:id',
      { schema: { tags, summary: 'A license', params: ZIdParams, response: { 200: ZData(ZLicense) } } },
      async (request) => ({ data: await getLicense(db, request.params.id, publicScope) }),
    );

    app.get(
      '/v1/collections',
      {
        schema: {
          tags,
          summary: 'Published collections',
          querystring: ZCollectionListQuery,
          response: { 200: ZData(ZPage(ZCollection)) },
        },
      },
      async (request) => ({ data: await listCollections(db, request.query, publicScope) }),
    );
    app.get(
      '/v1/collections/brands',
      {
        schema: {
          tags,
          summary: 'Collections grouped by brand (pages over brands)',
          querystring: ZBrandCollectionsQuery,
          response: { 200: ZData(ZPage(ZBrandCollections)) },
        },
      },
      async (request) => ({ data: await listBrandCollections(db, request.query, publicScope) }),
    );
    app.get(
      '/v1/collections/:id',
      { schema: { tags, summary: 'A collection', params: ZIdParams, response: { 200: ZData(ZCollection) } } },
      async (request) => ({ data: await getCollection(db, request.params.id, publicScope) }),
    );

    app.get(
      '/v1/products',
      {
        schema: {
          tags,
          summary: 'Published products',
          querystring: ZProductListQuery,
          response: { 200: ZData(ZPage(ZProductListItem)) },
        },
      },
      async (request) => ({ data: await listProducts(db, request.query, publicScope) }),
    );
    app.get(
      '/v1/products/rarities',
      {
        schema: {
          tags,
          summary: 'Every rarity, rarest last, with the number of published products',
          querystring: ZRarityCountQuery,
          response: { 200: ZData(z.array(ZRarityCount)) },
        },
      },
      async (request) => ({ data: await countProductsByRarity(db, request.query, publicScope) }),
    );
    app.get(
      '/v1/products/:id',
      {
        schema: {
          tags,
          summary: 'A product with its brand, collection, license, category, tags and properties',
          params: ZIdParams,
          response: { 200: ZData(ZProduct) },
        },
      },
      async (request) => ({ data: await getProduct(db, request.params.id, publicScope) }),
    );
    app.get(
      '/v1/products/:id/activities',
      {
        schema: {
          tags,
          summary: 'What happened to a product, newest first (cursor pagination)',
          params: ZIdParams,
          querystring: ZCursorQuery,
          response: { 200: ZData(ZCursorPage(ZProductActivity)) },
        },
      },
      async (request) => ({
        data: await listProductActivities(db, request.params.id, request.query, publicScope),
      }),
    );

    app.get(
      '/v1/categories',
      {
        schema: {
          tags,
          summary: 'Categories in display order',
          querystring: ZCategoryListQuery,
          response: { 200: ZData(ZPage(ZCategory)) },
        },
      },
      async (request) => ({ data: await listCategories(db, request.query) }),
    );
    app.get(
      '/v1/tags',
      { schema: { tags, summary: 'Tags by name', querystring: ZTagListQuery, response: { 200: ZData(ZPage(ZTag)) } } },
      async (request) => ({ data: await listTags(db, request.query) }),
    );
    app.get(
      '/v1/tags/:id',
      { schema: { tags, summary: 'A tag by id or slug', params: ZIdOrSlugParams, response: { 200: ZData(ZTag) } } },
      async (request) => ({ data: await getTag(db, request.params.id) }),
    );

    app.get(
      '/v1/banners',
      {
        schema: {
          tags,
          summary: 'Banners showing now',
          querystring: ZBannerListQuery,
          response: { 200: ZData(ZPage(ZBanner)) },
        },
      },
      async (request) => ({ data: await listBanners(db, request.query, { showingAt: ctx.clock.now() }) }),
    );

    await app.register(termsRoutes(ctx));
    await app.register(countriesRoutes());
  };
}
