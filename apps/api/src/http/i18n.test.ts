import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './i18n.ts';

describe('resolveLanguage', () => {
  it('defaults to English without a header', () => {
    expect(resolveLanguage(undefined)).toBe('en');
  });
  it('picks the supported language among weighted preferences', () => {
    expect(resolveLanguage('fr-FR, en-GB;q=0.8, de;q=0.5')).toBe('en');
  });
  it('falls back to English when nothing offered is supported', () => {
    expect(resolveLanguage('ko-KR, ja;q=0.9')).toBe('en');
  });
});
