import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { scrollKeyOf } from './scroll-key.ts';

const at = (key: string, pathname: string, search = ''): Location => ({ key, pathname, search, hash: '', state: null });

describe('scroll keys', () => {
  it('keep each history entry apart, and pages loaded afresh apart by their address', () => {
    expect(scrollKeyOf(at('k1', '/drops'))).toBe('k1');
    // Every page loaded afresh has the key "default": they must not share one saved position.
    expect(scrollKeyOf(at('default', '/terms'))).not.toBe(scrollKeyOf(at('default', '/guide')));
    expect(scrollKeyOf(at('default', '/drops', '?tab=packs'))).not.toBe(scrollKeyOf(at('default', '/drops')));
    // A reload of the same address keeps its own.
    expect(scrollKeyOf(at('default', '/guide'))).toBe(scrollKeyOf(at('default', '/guide')));
  });
});
