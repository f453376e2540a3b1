import { describe, expect, it } from 'vitest';
import {
  isCardExpired,
  isValidCardNumber,
  nameOnCardInvisibleMessage,
  tiliaMethodLabelInvisibleMessage,
  ZAddCardRequest,
  ZAddTiliaPaymentMethodRequest,
  ZCreateDepositRequest,
} from './deposits.ts';

describe('isValidCardNumber', () => {
  it.each(['4242424242424242', '4000000000000002', '4000000000009995', '4242 4242 4242 4242', '5555-5555-5555-4444'])(
    'accepts %s',
    (number) => expect(isValidCardNumber(number)).toBe(true),
  );
  it.each([
    '4242424242424241',
    '1234',
    '',
    'abcdabcdabcdabcd',
    '42424242424242424242',
    '0000 0000 0000 0000',
    '000000000000',
    '0242424242424242',
  ])('refuses %s', (number) => expect(isValidCardNumber(number)).toBe(false));
});

describe('ZCreateDepositRequest', () => {
  it('takes a method and an amount in USD cents', () => {
    expect(ZCreateDepositRequest.safeParse({ method: 'card', amount: { amount: 500, currency: 'USD' } }).success).toBe(
      true,
    );
    expect(ZCreateDepositRequest.safeParse({ method: 'card', amount: { amount: 5.5, currency: 'USD' } }).success).toBe(
      false,
    );
    expect(
      ZCreateDepositRequest.safeParse({ method: 'paypal', amount: { amount: 500, currency: 'USD' } }).success,
    ).toBe(false);
  });
});

describe('isCardExpired', () => {
  const now = new Date('2026-05-31T23:59:00.000Z');
  it.each([
    [{ expMonth: 5, expYear: 2026 }, false], // good through the end of its month
    [{ expMonth: 6, expYear: 2026 }, false],
    [{ expMonth: 1, expYear: 2027 }, false],
    [{ expMonth: 4, expYear: 2026 }, true],
    [{ expMonth: 12, expYear: 2025 }, true],
  ])('%o -> %s', (expiry, expected) => expect(isCardExpired(expiry, now)).toBe(expected));
});

// Session 71's wallet hunt: "Jo\u202EnaF" was taken as a name on a card and a label, shown as "JoFan".
describe('texts a person types for a card or a Tilia method', () => {
  const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030 };
  const messages = (parsed: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it.each(['Jo\u202EnaF', 'Ada\u200B Lovelace', 'Ada \u2066Lovelace\u2069', 'Ada Love\u00ADlace'])(
    'refuse %j, naming the field',
    (text) => {
      expect(messages(ZAddCardRequest.safeParse({ ...card, nameOnCard: text }))).toEqual([
        `nameOnCard: ${nameOnCardInvisibleMessage}`,
      ]);
      expect(messages(ZAddTiliaPaymentMethodRequest.safeParse({ type: 'tilia_wallet', label: text }))).toEqual([
        `label: ${tiliaMethodLabelInvisibleMessage}`,
      ]);
    },
  );

  it('take names in any script, and an emoji sequence whole', () => {
    expect(ZAddCardRequest.safeParse({ ...card, nameOnCard: 'Zoë Ørsted-Łukasz' }).success).toBe(true);
    expect(
      ZAddTiliaPaymentMethodRequest.safeParse({ type: 'card', label: 'Family \u{1F468}\u200D\u{1F469}' }).success,
    ).toBe(true);
  });
});
