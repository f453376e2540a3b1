import {
  MAX_PASS_BENEFIT_LENGTH,
  MAX_PASS_BENEFITS,
  MAX_PASS_PRICE_CENTS,
  MAX_PASS_SUPPLY,
  passMessages,
  ZCreatePassRequest,
  type TConsolePass,
} from '@cypher/contract';
import { z } from 'zod';
import { formThenRequest } from './form-values.ts';
import { centsToDollars, dollarsToCents, requiredWholeNumber, usdPrice, ZRequiredTime } from './drop-form-values.ts';

/**
 * The pass form. Its fields carry the request's names, so the contract's messages (ZCreatePassRequest, which the API
 * runs too) and the API's field details land under the fields they are about. What people type differs from what is
 * sent in two places: the price in dollars (sent as cents) and the benefits as lines (sent as a list of words). A first
 * pass checks what was typed, in words; the values then become the request and go through the contract's schema.
 */

const ZPassFormShape = z.object({
  brandId: z.uuid({ error: passMessages.brand }),
  name: ZCreatePassRequest.shape.name,
  description: ZCreatePassRequest.shape.description,
  imageUrl: ZCreatePassRequest.shape.imageUrl,
  benefits: z
    .array(
      z.object({
        text: z
          .string()
          .trim()
          .min(1, { error: passMessages.benefit })
          .max(MAX_PASS_BENEFIT_LENGTH, { error: passMessages.benefit }),
      }),
    )
    .max(MAX_PASS_BENEFITS, { error: passMessages.benefits }),
  supply: requiredWholeNumber(1, MAX_PASS_SUPPLY, passMessages.supply),
  price: usdPrice(MAX_PASS_PRICE_CENTS, passMessages.priceTyped),
  perPersonLimit: z
    .number({ error: passMessages.perPersonLimit })
    .int({ error: passMessages.perPersonLimit })
    .min(1, { error: passMessages.perPersonLimit })
    .max(1_000, { error: passMessages.perPersonLimit })
    .nullable(),
  saleBeginAt: ZRequiredTime,
  saleEndAt: ZRequiredTime,
  validFrom: ZRequiredTime,
  validUntil: ZRequiredTime,
});

type TPassFormShape = z.output<typeof ZPassFormShape>;

/** The form's checked values as the request the API takes. */
function toRequest(values: TPassFormShape): z.input<typeof ZCreatePassRequest> {
  return {
    brandId: values.brandId,
    name: values.name,
    description: values.description,
    imageUrl: values.imageUrl,
    benefits: values.benefits.map((benefit) => benefit.text),
    supply: values.supply ?? 0,
    price: dollarsToCents(values.price) ?? 0,
    perPersonLimit: values.perPersonLimit,
    saleBeginAt: values.saleBeginAt ?? '',
    saleEndAt: values.saleEndAt ?? '',
    validFrom: values.validFrom ?? '',
    validUntil: values.validUntil ?? '',
  };
}

/** What typed values must be, then the contract's own rules (the sale and the validity each in order). */
export const ZPassForm = formThenRequest(ZPassFormShape, toRequest, ZCreatePassRequest);

export type TPassFormValues = z.input<typeof ZPassForm>;
export type TPassFormOutput = z.output<typeof ZPassForm>;

/** The form's fields, where the API's field details show. */
export const passFormFields = [
  'brandId',
  'name',
  'description',
  'imageUrl',
  'benefits',
  'supply',
  'price',
  'perPersonLimit',
  'saleBeginAt',
  'saleEndAt',
  'validFrom',
  'validUntil',
] as const;

/** A saved pass as the form shows it, or an empty one (with the brand preselected for a one-brand manager). */
export function passFormValues(pass: TConsolePass | undefined, brandId = ''): TPassFormValues {
  if (!pass) {
    return {
      brandId,
      name: '',
      description: '',
      imageUrl: '',
      // Optional: none until the operator adds one (an empty first line blocked saving a pass without benefits).
      benefits: [],
      supply: null,
      price: '',
      perPersonLimit: null,
      saleBeginAt: null,
      saleEndAt: null,
      validFrom: null,
      validUntil: null,
    };
  }
  return {
    brandId: pass.brand.id,
    name: pass.name,
    description: pass.description,
    imageUrl: pass.imageUrl,
    benefits: pass.benefits.map((text) => ({ text })),
    supply: pass.supply,
    price: centsToDollars(pass.price.amount),
    perPersonLimit: pass.perPersonLimit,
    saleBeginAt: pass.saleBeginAt,
    saleEndAt: pass.saleEndAt,
    validFrom: pass.validFrom,
    validUntil: pass.validUntil,
  };
}
