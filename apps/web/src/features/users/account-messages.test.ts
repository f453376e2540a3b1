import { errorCatalogue, nicknameMessages, ZNickname } from '@cypher/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import {
  deletionBlockers,
  discordErrorMessage,
  fileProblem,
  reconnectAvailableAt,
  uploadErrorMessage,
  uploadMessages,
} from './account-messages.ts';
import { ZProfileForm } from './form-schemas.ts';

function apiError(code: string, details?: { field: string; message: string }[]) {
  return new ApiError(400, code, `catalogue: ${code}`, details);
}

describe('nickname messages', () => {
  function nicknameError(nickname: string) {
    const result = ZProfileForm.safeParse({ nickname, marketingConsent: false });
    return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'nickname')?.message;
  }

  it('accepts letters only, 3 to 30', () => {
    expect(nicknameError('Ada')).toBeUndefined();
    expect(nicknameError('A'.repeat(30))).toBeUndefined();
    expect(ZNickname.parse('  Grace ')).toBe('Grace');
  });

  it('refuses too short and too long with the length message', () => {
    expect(nicknameError('Al')).toBe(nicknameMessages.length);
    expect(nicknameError('A'.repeat(31))).toBe(nicknameMessages.length);
    expect(nicknameError('')).toBe(nicknameMessages.length);
  });

  it('refuses digits, spaces and symbols with the letters-only message', () => {
    expect(nicknameError('Ada2')).toBe(nicknameMessages.lettersOnly);
    expect(nicknameError('Ada Love')).toBe(nicknameMessages.lettersOnly);
    expect(nicknameError('Ада')).toBe(nicknameMessages.lettersOnly);
  });
});

describe('upload error messages', () => {
  it("uses spec section 5's words for an unsupported or too large photo", () => {
    expect(uploadErrorMessage(apiError('UNSUPPORTED_MIMETYPE'), 'photo')).toBe(
      'This photo is not supported. Please select another one!',
    );
    expect(uploadErrorMessage(apiError('IMAGE_REQUIRED_IN_IMAGE_FIELD'), 'photo')).toBe(
      'This photo is not supported. Please select another one!',
    );
    expect(uploadErrorMessage(apiError('FILE_TOO_LARGE'), 'photo')).toBe('Size to large to Accept');
    expect(uploadErrorMessage(apiError('FILE_TOO_LARGE'), 'background')).toBe('Size to large to Accept');
  });

  it('names the minimum size of a background', () => {
    expect(uploadErrorMessage(apiError('IMAGE_DIMENSIONS_OUT_OF_RANGE'), 'background')).toBe(
      uploadMessages.backgroundDimensions,
    );
    expect(uploadMessages.backgroundDimensions).toContain('1440 x 397');
  });

  it("falls back to the API's message, and to the generic one for a non-API failure", () => {
    expect(uploadErrorMessage(apiError('MEDIA_NOT_FOUND'), 'photo')).toBe('catalogue: MEDIA_NOT_FOUND');
    expect(uploadErrorMessage(new Error('boom'), 'photo')).toBe(errorCatalogue.INTERNAL_ERROR.message);
  });

  it('checks the size in the browser first, and leaves what the file is to the API, which reads its content', () => {
    const fiveMb = 5 * 1024 * 1024;
    expect(fileProblem({ size: 1000 }, 'photo')).toBeUndefined();
    expect(fileProblem({ size: fiveMb }, 'photo')).toBeUndefined();
    expect(fileProblem({ size: fiveMb + 1 }, 'photo')).toBe(uploadMessages.tooLarge);
    // A background is under 5 MB (spec sections 5 and 9): 5 MB itself is refused here, as the API refuses it.
    expect(fileProblem({ size: fiveMb - 1 }, 'background')).toBeUndefined();
    expect(fileProblem({ size: fiveMb }, 'background')).toBe(uploadMessages.tooLarge);
  });
});

describe('Discord lock message', () => {
  const locked = new ApiError(403, 'DISCORD_RECONNECT_LOCKED', 'locked', [
    { field: 'reconnectAvailableAt', message: '2026-12-06T10:00:00.000Z' },
  ]);

  it('reads the unlock time from the details', () => {
    expect(reconnectAvailableAt(locked)).toBe('2026-12-06T10:00:00.000Z');
    // Spec section 8: "until a given time", in the reader's zone and naming it (10:00 UTC is Dec 6 from UTC−10 to
    // UTC+13), as the API's refusal names UTC.
    expect(discordErrorMessage(locked)).toMatch(
      /^You can connect Discord again on Dec 6, 2026, \d{1,2}:00 [AP]M ([A-Z]{2,5}|GMT[+−-]\d{1,2}(:\d\d)?)\.$/,
    );
  });

  it("keeps the API's message when no date is given or for other errors", () => {
    expect(discordErrorMessage(new ApiError(403, 'DISCORD_RECONNECT_LOCKED', 'locked'))).toBe('locked');
    expect(discordErrorMessage(apiError('OAUTH_STATE_INVALID'))).toBe('catalogue: OAUTH_STATE_INVALID');
  });
});

describe('deletion blocked list', () => {
  it('lists each kind of asset still held', () => {
    const error = new ApiError(409, 'ACCOUNT_HAS_ASSETS', 'assets', [
      { field: 'balance', message: 'Your balance still holds 12.50 USD.' },
      { field: 'nfts', message: 'You still own 2 NFTs.' },
    ]);
    expect(deletionBlockers(error)).toEqual([
      {
        kind: 'Balance',
        message: 'Your balance still holds 12.50 USD.',
        next: { to: '/payment?tab=withdraw', label: 'Withdraw what you can' },
      },
      // They are listed on /collections, as packs are: there the person sees which they still own.
      {
        kind: 'NFTs',
        message: 'You still own 2 NFTs.',
        next: { to: '/collections', label: 'See your collection' },
      },
    ]);
  });

  it('names a payment still in progress as such', () => {
    const message = 'A payment of $500.00 you started is still in progress. Wait until it completes or expires.';
    const error = new ApiError(409, 'ACCOUNT_HAS_ASSETS', 'assets', [{ field: 'deposits', message }]);
    expect(deletionBlockers(error)).toEqual([
      { kind: 'Payments in progress', message, next: { to: '/payment', label: 'See them and when they expire' } },
    ]);
  });

  it('is undefined for any other answer', () => {
    expect(deletionBlockers(apiError('FORBIDDEN'))).toBeUndefined();
  });
});
