import { MAX_REDEEM_BATCH_CODES, MAX_USES_PER_CODE, redeemMessages, ZRedeemBatchRequest } from '@cypher/contract';
import { z } from 'zod';
import { formThenRequest } from './form-values.ts';
import { requiredWholeNumber, ZRequiredTime } from './drop-form-values.ts';
import { emptyGrant, grantFieldOf, grantFormSchema, toGrantRequest } from './grant-form-values.ts';

/**
 * The form for a batch of redeem codes. Its fields carry the request's names (`grant.count`, `usesPerPerson`), so the
 * contract's messages (ZRedeemBatchRequest, which the API runs too) and the API's field details land under the fields
 * they are about. A first pass checks what was typed, in words; the values then become the request and go through the
 * contract's schema (a person's uses within the code's, validity in order).
 */

function redeemBatchFormShape(cypDecimals: number | undefined) {
  return z.object({
    name: ZRedeemBatchRequest.shape.name,
    grant: grantFormSchema(cypDecimals),
    codeCount: requiredWholeNumber(1, MAX_REDEEM_BATCH_CODES, redeemMessages.codeCount),
    usesPerCode: requiredWholeNumber(1, MAX_USES_PER_CODE, redeemMessages.usesPerCode),
    usesPerPerson: requiredWholeNumber(1, MAX_USES_PER_CODE, redeemMessages.usesPerPerson),
    validFrom: ZRequiredTime,
    validUntil: ZRequiredTime,
  });
}

type TRedeemBatchFormShape = z.output<ReturnType<typeof redeemBatchFormShape>>;

function toRequest(values: TRedeemBatchFormShape): z.input<typeof ZRedeemBatchRequest> {
  return {
    name: values.name,
    grant: toGrantRequest(values.grant),
    codeCount: values.codeCount ?? 0,
    usesPerCode: values.usesPerCode ?? 0,
    usesPerPerson: values.usesPerPerson ?? 0,
    validFrom: values.validFrom ?? '',
    validUntil: values.validUntil ?? '',
  };
}

/** The form's schema, for the CYP unit's decimals (a credit is typed in CYP and sent in minor units). */
export function redeemBatchFormSchema(cypDecimals: number | undefined) {
  return formThenRequest(redeemBatchFormShape(cypDecimals), toRequest, ZRedeemBatchRequest);
}

export type TRedeemBatchFormValues = z.input<ReturnType<typeof redeemBatchFormSchema>>;

/** A new batch: single-use codes, one per person, valid from now for thirty days. */
export function emptyRedeemBatch(now = new Date()): TRedeemBatchFormValues {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return {
    name: '',
    grant: emptyGrant(),
    codeCount: null,
    usesPerCode: 1,
    usesPerPerson: 1,
    validFrom: minute.toISOString(),
    validUntil: new Date(minute.getTime() + 30 * 86_400_000).toISOString(),
  };
}

const topFields = ['name', 'codeCount', 'usesPerCode', 'usesPerPerson', 'validFrom', 'validUntil'];

/** Where one of the API's field details belongs: a grant's under that field of the grant, the rest under its own. */
export function redeemBatchFieldOf(field: string): string | undefined {
  if (topFields.includes(field)) return field;
  const grant = /^grant(?:\.(.+))?$/.exec(field);
  return grant ? grantFieldOf('grant', grant[1]) : undefined;
}
