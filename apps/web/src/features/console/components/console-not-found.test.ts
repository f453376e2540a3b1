import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { namesNothingHere } from './console-not-found.tsx';

describe('namesNothingHere', () => {
  it('is true of an entry that is not there, not theirs, or named by an id of the wrong shape', () => {
    expect(namesNothingHere(new ApiError(404, 'DROP_NOT_FOUND', 'Not found.'))).toBe(true);
    expect(namesNothingHere(new ApiError(403, 'FORBIDDEN', 'Not yours.'))).toBe(true);
    // Console walk of session 45: /console/drops/not-a-uuid offered "Try again", which could never work.
    const malformed = new ApiError(400, 'INVALID_REQUEST', 'Some of the information sent is not valid.', [
      { field: 'id', message: 'Invalid UUID' },
    ]);
    expect(namesNothingHere(malformed)).toBe(true);
  });

  it('is false of a failure that asking again may mend', () => {
    expect(namesNothingHere(new ApiError(500, 'INTERNAL', 'Something went wrong.'))).toBe(false);
    expect(namesNothingHere(new TypeError('Failed to fetch'))).toBe(false);
    const otherField = new ApiError(400, 'INVALID_REQUEST', 'Not valid.', [{ field: 'size', message: 'Too big' }]);
    expect(namesNothingHere(otherField)).toBe(false);
  });
});
