import { describe, expect, it } from 'vitest';
import {
  authMessages,
  isStrongPassword,
  PASSWORD_MAX_LENGTH,
  passwordRequirements,
  ZEmail,
  ZPhoneNumber,
  ZSignUpRequest,
  ZSmsCode,
} from './auth.ts';

describe('password rule', () => {
  it.each([
    ['Collector#2026', true],
    ['Abcdefgh1!', true],
    ['Abcdefg1!', false], // 9 characters
    ['abcdefgh1!', false], // no uppercase
    ['ABCDEFGH1!', false], // no lowercase
    ['Abcdefghi!', false], // no digit
    ['Abcdefghi1', false], // no special character
    ['Passwordé12', false], // an accented letter is a letter, not a special character
    ['Éclairs#2026', true], // an accented capital is an uppercase letter
    ['Mot de passe 1', false], // a space is not a special character
    ['Abcdef1😀😀', false], // 9 characters, though an emoji is two UTF-16 units
    ['Ab1😀😀😀😀', false], // 7 characters
    ['Abcdefg1😀😀', true], // 10 characters, an emoji the special one
  ])('%s -> %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it('is its parts together, so the form checklist built from them promises what the API takes', () => {
    for (const password of ['Collector#2026', 'abcdefgh1!', 'ABCDEFGH1!', 'Abcdefghi1', 'Ab1!']) {
      expect(isStrongPassword(password)).toBe(passwordRequirements.every((rule) => rule.isMet(password)));
    }
    expect(isStrongPassword(`Aa1!${'x'.repeat(200)}`)).toBe(false);
  });
});

describe('sign-up request', () => {
  const valid = { email: 'Fan@Example.com ', password: 'Collector#2026', agreeToTerms: true, agreeToPrivacy: true };

  it('normalises the email and defaults marketing consent to false', () => {
    expect(ZSignUpRequest.parse(valid)).toEqual({ ...valid, email: 'fan@example.com', marketingConsent: false });
  });

  it('requires both consents with the consent message', () => {
    const result = ZSignUpRequest.safeParse({ ...valid, agreeToPrivacy: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(authMessages.consentRequired);
  });

  it('says a password is too long when that is all that is wrong (the checklist ticks every item)', () => {
    const long = `Aa1!${'b'.repeat(PASSWORD_MAX_LENGTH - 3)}`;
    expect(ZSignUpRequest.safeParse({ ...valid, password: long }).error?.issues.map((issue) => issue.message)).toEqual([
      `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
    ]);
    expect(ZSignUpRequest.safeParse({ ...valid, password: long.slice(0, -1) }).success).toBe(true);
  });

  it('refuses a weak password with the rule in words', () => {
    const result = ZSignUpRequest.safeParse({ ...valid, password: 'short' });
    expect(result.error?.issues[0]?.message).toBe(authMessages.passwordRule);
  });
});

describe('field formats', () => {
  it('refuses a malformed email with the email message', () => {
    expect(ZEmail.safeParse('fan@').error?.issues[0]?.message).toBe(authMessages.emailFormat);
  });
  it('accepts exactly six digits as an SMS code', () => {
    expect(ZSmsCode.safeParse('123456').success).toBe(true);
    expect(ZSmsCode.safeParse('12345').success).toBe(false);
    expect(ZSmsCode.safeParse('12345a').success).toBe(false);
  });
  it('normalises phone numbers to E.164', () => {
    expect(ZPhoneNumber.parse('+1 (555) 123-4567')).toBe('+15551234567');
    expect(ZPhoneNumber.safeParse('5551234567').success).toBe(false);
  });
});
