import { ZCreateProductRequest } from '@cypher/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { changedFields, withRules } from './form-values.ts';

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

describe('withRules', () => {
  type TValues = { rounds: { price: string; saleBeginAt: string }[] };
  const values: TValues = {
    rounds: [
      { price: '1', saleBeginAt: 'x' },
      { price: '1.234', saleBeginAt: 'y' },
    ],
  };
  const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<TValues>>[2];
  const resolverWith =
    (errors: FieldErrors<TValues>): Resolver<TValues> =>
    () => ({ values: {}, errors });
  const rule = () => [{ path: ['rounds', 0, 'saleBeginAt'], message: 'Each round must start within the drop.' }];

  // The review of session 78: another round's error made every round count as told.
  it('adds a rule under its field beside another round’s error, not over the field’s own or its round’s', async () => {
    const priceWrong = { rounds: [undefined, { price: { type: 'custom', message: 'Enter a price.' } }] };
    const added = await withRules(resolverWith(priceWrong as FieldErrors<TValues>), rule)(values, undefined, options);
    expect(added.errors.rounds?.[0]?.saleBeginAt?.message).toBe('Each round must start within the drop.');
    expect(added.errors.rounds?.[1]?.price?.message).toBe('Enter a price.');

    const ownError = { rounds: [{ saleBeginAt: { type: 'custom', message: 'Pick a date and time.' } }] };
    const kept = await withRules(resolverWith(ownError as FieldErrors<TValues>), rule)(values, undefined, options);
    expect(kept.errors.rounds?.[0]?.saleBeginAt?.message).toBe('Pick a date and time.');

    const roundError = { rounds: [{ type: 'custom', message: 'This round is not right.' }] };
    const told = await withRules(resolverWith(roundError as FieldErrors<TValues>), rule)(values, undefined, options);
    expect(told.errors.rounds?.[0]).toEqual({ type: 'custom', message: 'This round is not right.' });
  });

  it('leaves a form with nothing wrong as its resolver found it', async () => {
    const valid: Resolver<TValues> = () => ({ values, errors: {} });
    expect(await withRules(valid, rule)(values, undefined, options)).toEqual({ values, errors: {} });
  });
});
