import {
  ZCreateBannerRequest,
  ZCreateCollectionRequest,
  ZCreateFigureBaseRequest,
  ZCreateLicenseRequest,
  ZCreateProductRequest,
} from '@cypher/contract';
import { z } from 'zod';

/**
 * The console forms validate with the contract's create schemas (the API uses the very same), with one addition: an
 * unchosen brand (or collection) says so in words rather than as a malformed id.
 */
const chooseBrandMessage = 'Choose a brand.';
const ZChosenBrand = z.uuid({ error: chooseBrandMessage });
const ZChosenCollection = z.uuid({ error: 'Choose a collection.' });

export const ZLicenseForm = ZCreateLicenseRequest.extend({ brandId: ZChosenBrand });
export const ZCollectionForm = ZCreateCollectionRequest.extend({ brandId: ZChosenBrand });
export const ZProductForm = ZCreateProductRequest.extend({ brandId: ZChosenBrand });
export const ZBannerForm = ZCreateBannerRequest;
/** A slot's "Fits" and rarity selects hold null for "any" (they are controlled), so only the collection needs words. */
export const ZFigureBaseForm = ZCreateFigureBaseRequest.extend({ collectionId: ZChosenCollection });
export type TFigureBaseFormValues = z.input<typeof ZFigureBaseForm>;
export type TFigureBaseFormOutput = z.output<typeof ZFigureBaseForm>;
