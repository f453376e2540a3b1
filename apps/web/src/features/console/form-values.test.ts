import { ZCreateProductRequest } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { changedFields } from './form-values.ts';

const brandId = '0190a0b0-0000-7000-8000-0000000000b1';
const loaded = {
  brandId,
  name: 'Nebula Core',
  rarity: 'LEGENDARY',
  imageUrl: '/uploads/nebula.webp',
  description: '',
  properties: [{ traitType: 'Frame', value: 'Gold' }],
  editionSize: 10,
  tagIds: [],
};

describe('changedFields', () => {
  it('keeps only the fields whose validated value differs from what was loaded', () => {
    const output = ZCreateProductRequest.parse({ ...loaded, name: 'Nebula Core II', description: '  ' });
    // '' and '  ' both mean "no description": not a change. The name is.
    expect(changedFields(ZCreateProductRequest, output, loaded)).toEqual({ name: 'Nebula Core II' });
  });

  it('notices a removed property row, and never sends a read-only field', () => {
    const output = ZCreateProductRequest.parse({
      ...loaded,
      brandId: '0190a0b0-0000-7000-8000-0000000000b2',
      properties: [],
    });
    expect(changedFields(ZCreateProductRequest, output, loaded, ['brandId'])).toEqual({ properties: [] });
  });
});
