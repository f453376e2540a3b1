import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installFieldMessages, requiredFieldMessage } from './field-messages.ts';
import { ZPageQuery } from './envelope.ts';
import { ZOrderFeeQuery } from './orders.ts';
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
    // Bounds are counts people read: with thousands separators, as a drop's description says its limit.
    expect(messagesOf(z.string().max(5000), 'a'.repeat(5001))).toEqual(['Use at most 5,000 characters.']);
    expect(messagesOf(z.array(z.string()).min(1), [])).toEqual(['Choose at least one.']);
  });

  it('leaves a message the schema gives, and what it does not cover, alone', () => {
    expect(messagesOf(z.string().max(3, 'Too long for a tag.'), 'abcd')).toEqual(['Too long for a tag.']);
    expect(messagesOf(z.string(), 4)[0]).not.toBe(requiredFieldMessage);
  });

  it('words numbers, choices and formats without naming a bound that may be in minor units', () => {
    expect(messagesOf(z.number().max(3), 4)).toEqual(['This number is too large.']);
    expect(messagesOf(z.number().min(3), 2)).toEqual(['This number is too small.']);
    expect(messagesOf(z.number().int(), 1.5)).toEqual(['Enter a whole number.']);
    expect(messagesOf(z.coerce.number(), 'ten')).toEqual(['Enter a number.']);
    expect(messagesOf(z.enum(['newest', 'rarity']), 'oldest')).toEqual(['Choose one of: newest, rarity.']);
    expect(messagesOf(z.uuid(), 'abc')).toEqual(['This is not a valid id.']);
    expect(messagesOf(z.iso.datetime(), 'soon')).toEqual(['This is not a valid date and time.']);
    expect(messagesOf(z.string().regex(/^a$/), 'b')).toEqual(['This is not in the expected form.']);
    // zod's developer text ("Too big: expected number to be <=10") reaches nobody.
    for (const [schema, value] of [
      [ZOrderFeeQuery, { dropId: '0190a0b0-0000-7000-8000-000000000001', quantity: '11' }],
      [ZPageQuery, { size: '0' }],
      [ZPageQuery, { page: 'first' }],
    ] as const) {
      for (const message of messagesOf(schema, value)) expect(message).not.toMatch(/expected|Invalid|Too (big|small)/);
    }
    expect(messagesOf(ZOrderFeeQuery, { dropId: '0190a0b0-0000-7000-8000-000000000001', quantity: '11' })).toEqual([
      'Choose a quantity from 1 to 10.',
    ]);
    expect(messagesOf(ZPageQuery, { size: '500' })).toEqual(['Ask for 1 to 100 items a page.']);
  });

  // Review of session 36: "Too big: expected int to be <=9007199254740991", "Invalid discriminator value. Expected
  // 'wire' | 'usdc'" and "Invalid input: expected object, received Infinity" reached API clients.
  it('words the safe-integer bound, a discriminator it does not know and a value of the wrong kind', () => {
    expect(messagesOf(z.number().int(), 1e300)).toEqual(['This number is too large.']);
    expect(messagesOf(z.number().int(), -1e300)).toEqual(['This number is too small.']);
    const method = z.discriminatedUnion('method', [
      z.object({ method: z.literal('wire') }),
      z.object({ method: z.literal('usdc') }),
    ]);
    expect(messagesOf(method, { method: 'WIRE' })).toEqual(['Choose one of: wire, usdc.']);
    expect(messagesOf(z.object({ amount: z.object({ amount: z.number() }) }), { amount: Infinity })).toEqual([
      'Send an object with this part’s fields here.',
    ]);
    expect(messagesOf(z.string(), 4)).toEqual(['Enter text.']);
    expect(messagesOf(z.array(z.string()), 'a')).toEqual(['Send a list here.']);
    expect(messagesOf(z.boolean(), 'yes')).toEqual(['Answer true or false.']);
  });

  it('gives the wire form and the redeem field their words (a name past 100 characters, a code far too long)', () => {
    expect(messagesOf(ZRedeemRequest, { code: '----  ----' })).toEqual([redeemMessages.code]);
    const issues = ZWireDetails.safeParse({ firstName: 'A'.repeat(101) }).error!.issues;
    expect(issues.find((issue) => issue.path.join('.') === 'firstName')?.message).toBe('Use at most 100 characters.');
    expect(messagesOf(ZRedeemRequest, { code: 'A'.repeat(200) })).toEqual([redeemMessages.codeLength]);
  });
});
