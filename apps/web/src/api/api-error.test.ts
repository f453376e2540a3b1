import { describe, expect, it } from 'vitest';
import { ApiError, namesNothing } from './api-error.ts';

const invalid = (...fields: string[]) =>
  new ApiError(
    400,
    'INVALID_REQUEST',
    'Some of the information sent is not valid.',
    fields.map((field) => ({ field, message: 'Invalid UUID' })),
  );

describe('namesNothing', () => {
  it('is true of a 404, and of a refusal of the address’s ids alone (`id`, or a named one such as `roundId`)', () => {
    expect(namesNothing(new ApiError(404, 'RAFFLE_NOT_FOUND', 'Not found'))).toBe(true);
    expect(namesNothing(invalid('id'))).toBe(true);
    expect(namesNothing(invalid('roundId'))).toBe(true);
  });

  it('is false of anything asking again could mend, or that names more than an id', () => {
    expect(namesNothing(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Down'))).toBe(false);
    expect(namesNothing(invalid('roundId', 'page'))).toBe(false);
    expect(namesNothing(new ApiError(400, 'INVALID_REQUEST', 'Not valid.'))).toBe(false);
    expect(namesNothing(new Error('network'))).toBe(false);
  });
});
