import { redeemMessages } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { emptyRedeemBatch, redeemBatchFormSchema } from './redeem-batch-form-values.ts';

describe('the redeem batch form', () => {
  // Console walk of session 45: "Until" before "From" and a person's uses above the code's were told only once the
  // code count was right.
  it('tells the rules between fields on the first submit, beside an empty code count', () => {
    const batch = emptyRedeemBatch(new Date('2026-12-03T06:00:00.000Z'));
    const wrong = {
      ...batch,
      name: 'Launch party',
      usesPerCode: 1,
      usesPerPerson: 3,
      validUntil: '2026-12-01T00:00:00.000Z',
    };
    const issues = redeemBatchFormSchema(2)
      .safeParse(wrong)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['codeCount', redeemMessages.codeCount],
        ['usesPerPerson', redeemMessages.usesPerPerson],
        ['validUntil', redeemMessages.validity],
      ]),
    );
  });
});
