import {
  ZBanner,
  ZBrand,
  ZCategory,
  ZCollection,
  ZConsolePass,
  ZCreateBannerRequest,
  ZCreateBrandRequest,
  ZCreateCategoryRequest,
  ZCreateCollectionRequest,
  ZCreateFigureBaseRequest,
  ZCreateLicenseRequest,
  ZCreatePassRequest,
  ZCreateProductRequest,
  ZCreateTagRequest,
  ZCreateTicketKindRequest,
  ZConsoleTicketKind,
  ZFigureBase,
  ZLicense,
  ZProduct,
  ZConsoleProductListItem,
  ZTag,
  ZUpdateBannerRequest,
  ZUpdateBrandRequest,
  ZUpdateCategoryRequest,
  ZUpdateCollectionRequest,
  ZUpdateFigureBaseRequest,
  ZUpdateLicenseRequest,
  ZUpdatePassRequest,
  ZUpdateProductRequest,
  ZUpdateTagRequest,
  ZUpdateTicketKindRequest,
} from '@cypher/contract';
import type { z } from 'zod';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * What the console can change, and how the API names it: `/v1/console/{resource}` lists (drafts included), reads,
 * creates and changes each one; publishable ones also have `/:id/publish` and `/:id/unpublish`; `hasGetById` says
 * whether the API reads one by id. `publicKey` is the public
 * catalogue's cache that a change makes stale.
 */
export const consoleResources = {
  brands: {
    listItem: ZBrand,
    detail: ZBrand,
    create: ZCreateBrandRequest,
    update: ZUpdateBrandRequest,
    isPublishable: true,
    hasGetById: true,
    publicKey: queryKeys.brands.all,
  },
  licenses: {
    listItem: ZLicense,
    detail: ZLicense,
    create: ZCreateLicenseRequest,
    update: ZUpdateLicenseRequest,
    isPublishable: true,
    hasGetById: true,
    publicKey: queryKeys.licenses.all,
  },
  collections: {
    listItem: ZCollection,
    detail: ZCollection,
    create: ZCreateCollectionRequest,
    update: ZUpdateCollectionRequest,
    isPublishable: true,
    hasGetById: true,
    publicKey: queryKeys.collections.all,
  },
  products: {
    listItem: ZConsoleProductListItem,
    detail: ZProduct,
    create: ZCreateProductRequest,
    update: ZUpdateProductRequest,
    isPublishable: true,
    hasGetById: true,
    publicKey: queryKeys.products.all,
  },
  banners: {
    listItem: ZBanner,
    detail: ZBanner,
    create: ZCreateBannerRequest,
    update: ZUpdateBannerRequest,
    isPublishable: true,
    hasGetById: true,
    publicKey: queryKeys.banners.all,
  },
  // Figure bases have no drafts of their own: collectors see one while its collection (and brand) is published.
  'figure-bases': {
    listItem: ZFigureBase,
    detail: ZFigureBase,
    create: ZCreateFigureBaseRequest,
    update: ZUpdateFigureBaseRequest,
    isPublishable: false,
    hasGetById: true,
    publicKey: queryKeys.figureBases.all,
  },
  // A pass is made a draft and published once, by its own route (publish-console-pass.ts): it has no unpublish, so it
  // is not "publishable" in the catalogue's two-way sense. Published, collectors see it while its brand is published.
  passes: {
    listItem: ZConsolePass,
    detail: ZConsolePass,
    create: ZCreatePassRequest,
    update: ZUpdatePassRequest,
    isPublishable: false,
    hasGetById: true,
    publicKey: queryKeys.passes.all,
  },
  // Kinds of tickets have no drafts: one is on sale while it is active and has a price.
  'ticket-kinds': {
    listItem: ZConsoleTicketKind,
    detail: ZConsoleTicketKind,
    create: ZCreateTicketKindRequest,
    update: ZUpdateTicketKindRequest,
    isPublishable: false,
    hasGetById: true,
    publicKey: queryKeys.tickets.all,
  },
  // Categories and tags have no drafts.
  categories: {
    listItem: ZCategory,
    detail: ZCategory,
    create: ZCreateCategoryRequest,
    update: ZUpdateCategoryRequest,
    isPublishable: false,
    hasGetById: true,
    publicKey: queryKeys.categories.all,
  },
  tags: {
    listItem: ZTag,
    detail: ZTag,
    create: ZCreateTagRequest,
    update: ZUpdateTagRequest,
    isPublishable: false,
    hasGetById: true,
    publicKey: queryKeys.tags.all,
  },
} as const;

export type TConsoleResource = keyof typeof consoleResources;
export type TPublishableResource = {
  [R in TConsoleResource]: (typeof consoleResources)[R]['isPublishable'] extends true ? R : never;
}[TConsoleResource];
/** Resources the API reads one at a time (`GET /v1/console/{resource}/:id`). */
export type TReadableResource = {
  [R in TConsoleResource]: (typeof consoleResources)[R]['hasGetById'] extends true ? R : never;
}[TConsoleResource];

export type TConsoleListItem<R extends TConsoleResource> = z.output<(typeof consoleResources)[R]['listItem']>;
export type TConsoleEntry<R extends TConsoleResource> = z.output<(typeof consoleResources)[R]['detail']>;
export type TConsoleCreateBody<R extends TConsoleResource> = z.output<(typeof consoleResources)[R]['create']>;
export type TConsoleUpdateBody<R extends TConsoleResource> = z.output<(typeof consoleResources)[R]['update']>;

export function consolePath(resource: TConsoleResource, ...rest: string[]): string {
  return ['/console', resource, ...rest.map(encodeURIComponent)].join('/');
}

export function isConsoleResource(value: string | undefined): value is TConsoleResource {
  return value !== undefined && Object.hasOwn(consoleResources, value);
}
