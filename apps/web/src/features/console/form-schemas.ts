import {
  ZCreateBannerRequest,
  ZCreateCollectionRequest,
  ZCreateLicenseRequest,
  ZCreateProductRequest,
} from '@cypher/contract';
import { z } from 'zod';

/**
 * The console forms validate with the contract's create schemas (the API uses the very same), with one addition: an
 * unchosen brand says so in words rather than as a malformed id.
 */
const chooseBrandMessage = 'Choose a brand.';
const ZChosenBrand = z.uuid({ error: chooseBrandMessage });

export const ZLicenseForm = ZCreateLicenseRequest.extend({ brandId: ZChosenBrand });
export const ZCollectionForm = ZCreateCollectionRequest.extend({ brandId: ZChosenBrand });
export const ZProductForm = ZCreateProductRequest.extend({ brandId: ZChosenBrand });
export const ZBannerForm = ZCreateBannerRequest;
