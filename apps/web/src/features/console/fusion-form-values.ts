import {
  fusionMessages,
  MAX_FUSION_SLOTS,
  MAX_FUSION_SUPPLY,
  MAX_SLOT_MATERIALS,
  ZConsoleFusionRequest,
  ZFusionPreviewRequest,
  ZFusionSlotRuleRequest,
  type TConsoleFusion,
  type TFusionPreviewRequest,
  type TFusionRuleKind,
  type TRarity,
} from '@cypher/contract';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { formThenRequest } from './form-values.ts';
import { requiredWholeNumber, ZRequiredTime } from './drop-form-values.ts';

/**
 * The fusion form. Its fields carry the request's names (`slots.1.requiredCount`, `slots.1.rule.productId`), so the
 * contract's messages (ZConsoleFusionRequest, which the API runs too) and the API's field details land under the
 * fields they are about. A slot's rule keeps every kind's field while the operator switches kinds; only the chosen
 * kind's travel. A first pass checks what was picked, in words; the values then become the request and go through the
 * contract's schema.
 */

const messages = {
  brand: 'Choose a brand.',
  resultProduct: 'Choose the product the fusion makes.',
  product: 'Choose the product this slot takes.',
  rarity: 'Choose the rarity this slot takes.',
  collection: 'Choose the collection this slot takes.',
} as const;

const ZRuleForm = z
  .object({
    kind: z.enum(['PRODUCT', 'RARITY', 'COLLECTION', 'TRAIT']),
    productId: z.string().nullable(),
    rarity: z.string().nullable(),
    collectionId: z.string().nullable(),
    traitType: z.string(),
    value: z.string(),
  })
  .superRefine((rule, context) => {
    const missing = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (rule.kind === 'PRODUCT' && !rule.productId) missing('productId', messages.product);
    if (rule.kind === 'RARITY' && !rule.rarity) missing('rarity', messages.rarity);
    if (rule.kind === 'COLLECTION' && !rule.collectionId) missing('collectionId', messages.collection);
  });

type TRuleForm = z.output<typeof ZRuleForm>;

const requestShape = ZConsoleFusionRequest.shape;

const ZSlotForm = z.object({
  name: requestShape.slots.element.shape.name,
  requiredCount: requiredWholeNumber(1, MAX_SLOT_MATERIALS, fusionMessages.requiredCount),
  rule: ZRuleForm,
});

const ZFusionFormShape = z.object({
  brandId: z.uuid({ error: messages.brand }),
  categoryId: z.string().nullable(),
  name: requestShape.name,
  description: requestShape.description,
  imageUrl: requestShape.imageUrl,
  beginAt: ZRequiredTime,
  endAt: ZRequiredTime,
  resultProductId: z
    .string()
    .nullable()
    .refine((value) => Boolean(value), { error: messages.resultProduct }),
  resultSupply: requiredWholeNumber(1, MAX_FUSION_SUPPLY, fusionMessages.supply),
  slots: z
    .array(ZSlotForm)
    .min(1, { error: fusionMessages.slots })
    .max(MAX_FUSION_SLOTS, { error: fusionMessages.slots }),
});

type TFusionFormShape = z.output<typeof ZFusionFormShape>;

/** A slot's rule as the request names it: only the chosen kind's fields. */
function toRuleRequest(rule: TRuleForm): z.input<typeof ZFusionSlotRuleRequest> {
  switch (rule.kind) {
    case 'PRODUCT':
      return { kind: 'PRODUCT', productId: rule.productId ?? '' };
    case 'RARITY':
      return { kind: 'RARITY', rarity: (rule.rarity ?? '') as TRarity };
    case 'COLLECTION':
      return { kind: 'COLLECTION', collectionId: rule.collectionId ?? '' };
    case 'TRAIT':
      return { kind: 'TRAIT', traitType: rule.traitType, value: rule.value };
  }
}

/** The form's checked values as the request the API takes. */
function toRequest(values: TFusionFormShape): z.input<typeof ZConsoleFusionRequest> {
  return {
    brandId: values.brandId,
    categoryId: values.categoryId || null,
    name: values.name,
    description: values.description,
    imageUrl: values.imageUrl,
    beginAt: values.beginAt ?? '',
    endAt: values.endAt ?? '',
    resultProductId: values.resultProductId ?? '',
    resultSupply: values.resultSupply ?? 0,
    slots: values.slots.map((slot) => ({
      name: slot.name,
      requiredCount: slot.requiredCount ?? 0,
      rule: toRuleRequest(slot.rule),
    })),
  };
}

/** What was picked must be there, then the contract's own rules (names, counts, supply, times in order). */
export const ZFusionForm = formThenRequest(ZFusionFormShape, toRequest, ZConsoleFusionRequest);

export type TFusionFormValues = z.input<typeof ZFusionForm>;
export type TFusionFormSlot = TFusionFormValues['slots'][number];
export type TFusionFormApi = UseFormReturn<TFusionFormValues, unknown, z.output<typeof ZFusionForm>>;

export function emptyFusionSlot(kind: TFusionRuleKind = 'RARITY'): TFusionFormSlot {
  return {
    name: '',
    requiredCount: 1,
    rule: { kind, productId: null, rarity: null, collectionId: null, traitType: '', value: '' },
  };
}

/** A saved fusion as the form shows it, or an empty one (with the brand preselected for a one-brand manager). */
export function fusionFormValues(fusion: TConsoleFusion | undefined, brandId = ''): TFusionFormValues {
  if (!fusion) {
    return {
      brandId,
      categoryId: null,
      name: '',
      description: '',
      imageUrl: '',
      beginAt: null,
      endAt: null,
      resultProductId: null,
      resultSupply: null,
      slots: [emptyFusionSlot()],
    };
  }
  return {
    brandId: fusion.brand.id,
    categoryId: fusion.category?.id ?? null,
    name: fusion.name,
    description: fusion.description,
    imageUrl: fusion.imageUrl,
    beginAt: fusion.beginAt,
    endAt: fusion.endAt,
    resultProductId: fusion.result.product.id,
    resultSupply: fusion.result.supply,
    slots: fusion.slots.map(({ name, requiredCount, rule }) => ({
      name,
      requiredCount,
      rule: {
        ...emptyFusionSlot().rule,
        kind: rule.kind,
        productId: rule.kind === 'PRODUCT' ? rule.product.id : null,
        rarity: rule.kind === 'RARITY' ? rule.rarity : null,
        collectionId: rule.kind === 'COLLECTION' ? rule.collection.id : null,
        traitType: rule.kind === 'TRAIT' ? rule.traitType : '',
        value: rule.kind === 'TRAIT' ? rule.value : '',
      },
    })),
  };
}

/** The preview request for the form as it stands, or null while the brand or a slot's rule is not chosen yet. */
export function previewRequestOf(values: Pick<TFusionFormValues, 'brandId' | 'slots'>): TFusionPreviewRequest | null {
  const rules = values.slots.map((slot) => ZRuleForm.safeParse(slot.rule));
  if (!rules.every((rule) => rule.success)) return null;
  const checked = ZFusionPreviewRequest.safeParse({
    brandId: values.brandId,
    slots: rules.map((rule) => ({ rule: toRuleRequest(rule.data!) })),
  });
  return checked.success ? checked.data : null;
}
