import { describe, expect, it } from 'vitest';
import { countries, isCountryCode } from './countries.ts';
import { nicknameMessages, ZCreateProfileRequest, ZNickname, ZUpdateProfileRequest } from './users.ts';

const messagesFor = (value: unknown) => {
  const result = ZNickname.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('ZNickname', () => {
  it('accepts 3 to 30 letters, trimmed', () => {
    expect(ZNickname.parse('Ada')).toBe('Ada');
    expect(ZNickname.parse('  PixelCollector ')).toBe('PixelCollector');
    expect(ZNickname.parse('a'.repeat(30))).toBe('a'.repeat(30));
  });

  it('refuses digits, spaces, symbols and letters outside A-Z with the letters-only message', () => {
    for (const nickname of ['Ada1', 'Ada Lovelace', 'ada_l', 'Zoë', 'Аlice']) {
      expect(messagesFor(nickname), nickname).toEqual([nicknameMessages.lettersOnly]);
    }
  });

  it('refuses too short and too long with the length message', () => {
    expect(messagesFor('Al')).toEqual([nicknameMessages.length]);
    expect(messagesFor('a'.repeat(31))).toEqual([nicknameMessages.length]);
    expect(messagesFor(undefined)).toEqual([nicknameMessages.length]);
  });
});

describe('profile requests', () => {
  it('leaves marketing consent out of a creation that does not name it, and refuses unknown fields', () => {
    expect(ZCreateProfileRequest.parse({ nickname: 'Ada' })).toEqual({ nickname: 'Ada' });
    expect(ZCreateProfileRequest.safeParse({ nickname: 'Ada', status: 'ACTIVE' }).success).toBe(false);
  });

  it('needs at least one field to edit, and lets null remove an image', () => {
    expect(ZUpdateProfileRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateProfileRequest.parse({ photoUrl: null })).toEqual({ photoUrl: null });
  });
});

describe('countries', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes once each', () => {
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((country) => country.code)).size).toBe(249);
    expect(isCountryCode('FR')).toBe(true);
    expect(isCountryCode('EU')).toBe(false);
  });
});
