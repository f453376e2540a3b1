import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installFieldMessages, requiredFieldMessage } from './field-messages.ts';
import { redeemMessages, ZRedeemRequest } from './redeems.ts';
import { ZWireDetails } from './withdrawals.ts';

installFieldMessages();

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('field messages where a schema names none', () => {
  it('says how long a text may be, and that a field is required, in words', () => {
    expect(messagesOf(z.string().max(3), 'abcd')).toEqual(['Use at most 3 characters.']);
    expect(messagesOf(z.string().min(4), 'abc')).toEqual(['Use at least 4 characters.']);
    expect(messagesOf(z.string().trim().min(1), '  ')).toEqual([requiredFieldMessage]);
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual([requiredFieldMessage]);
    expect(messagesOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual(['Choose at most 2.']);
    expect(messagesOf(z.array(z.string()).min(1), [])).toEqual(['Choose at least one.']);
  });

  it('leaves a message the schema gives, and what it does not cover, alone', () => {
    expect(messagesOf(z.string().max(3, 'Too long for a tag.'), 'abcd')).toEqual(['Too long for a tag.']);
    // Numbers are often minor units the form shows as dollars: their schemas say it.
    expect(messagesOf(z.number().max(3), 4)[0]).not.toMatch(/characters|Use at most/);
    expect(messagesOf(z.string(), 4)[0]).not.toBe(requiredFieldMessage);
  });

  it('gives the wire form and the redeem field their words (a name past 100 characters, a code far too long)', () => {
    const issues = ZWireDetails.safeParse({ firstName: 'A'.repeat(101) }).error!.issues;
    expect(issues.find((issue) => issue.path.join('.') === 'firstName')?.message).toBe('Use at most 100 characters.');
    expect(messagesOf(ZRedeemRequest, { code: 'A'.repeat(200) })).toEqual([redeemMessages.codeLength]);
  });
});
