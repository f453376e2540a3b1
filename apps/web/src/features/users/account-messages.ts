import { errorCatalogue, withdrawalsPath, type TFieldError } from '@cypher/contract';
import { isApiError } from '../../api/api-error.ts';
import { formatDateTimeWithZone } from '../../lib/format.ts';
import type { ProfileImageKind } from './api/upload-profile-image.ts';

/**
 * The words the account pages show for the API's answers, kept pure so each mapping is tested without a page.
 * Spec section 5 quotes the photo messages as written (including "Size to large to Accept").
 */
export const uploadMessages = {
  unsupported: 'This photo is not supported. Please select another one!',
  tooLarge: 'Size to large to Accept',
  backgroundDimensions: 'The background must be at least 1440 x 397 pixels. Please select a larger image.',
  photoDimensions: errorCatalogue.IMAGE_DIMENSIONS_OUT_OF_RANGE.message,
} as const;

/**
 * The largest file the API takes, as its image kinds say: a photo up to 5 MB, a background under 5 MB (spec sections
 * 5 and 9). The browser checks before sending, the API checks again.
 */
const PROFILE_IMAGE_MAX_BYTES: Record<ProfileImageKind, number> = {
  photo: 5 * 1024 * 1024,
  background: 5 * 1024 * 1024 - 1,
};
/** What the file picker offers first; any file may still be chosen, and the API decides by its content. */
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** What to say about a failed upload (an ApiError from the upload call, or anything else). */
export function uploadErrorMessage(error: unknown, kind: ProfileImageKind): string {
  if (!isApiError(error)) return errorCatalogue.INTERNAL_ERROR.message;
  switch (error.code) {
    case 'UNSUPPORTED_MIMETYPE':
    case 'IMAGE_REQUIRED_IN_IMAGE_FIELD':
    case 'IMAGE_UNREADABLE':
      return uploadMessages.unsupported;
    case 'FILE_TOO_LARGE':
    case 'PAYLOAD_TOO_LARGE':
      return uploadMessages.tooLarge;
    case 'IMAGE_DIMENSIONS_OUT_OF_RANGE':
      return kind === 'background' ? uploadMessages.backgroundDimensions : uploadMessages.photoDimensions;
    default:
      return error.message;
  }
}

/**
 * The browser's own check before uploading: undefined when the file may be sent. Only its size (a file too large need
 * not travel): what it is, the API reads from its content (UNSUPPORTED_MIMETYPE, the same words), where the browser's
 * `type` is a guess from its name, which refused a PNG named .txt or with no extension.
 */
export function fileProblem(file: Pick<File, 'size'>, kind: ProfileImageKind): string | undefined {
  if (file.size > PROFILE_IMAGE_MAX_BYTES[kind]) return uploadMessages.tooLarge;
  return undefined;
}

/** DISCORD_RECONNECT_LOCKED names the unlock time in `details` (field `reconnectAvailableAt`, ISO 8601). */
export function reconnectAvailableAt(error: unknown): string | undefined {
  if (!isApiError(error) || error.code !== 'DISCORD_RECONNECT_LOCKED') return undefined;
  const at = error.details?.find((detail) => detail.field === 'reconnectAvailableAt')?.message;
  return at && !Number.isNaN(Date.parse(at)) ? at : undefined;
}

/** With its zone, as the API's refusal and the deletion screen say a moment the person waits for. */
export function discordLockMessage(isoDate: string): string {
  return `You can connect Discord again on ${formatDateTimeWithZone(isoDate)}.`;
}

/** The message for a failed Discord connect: the unlock time when locked, else the catalogue's words. */
export function discordErrorMessage(error: unknown): string {
  const at = reconnectAvailableAt(error);
  if (at) return discordLockMessage(at);
  return isApiError(error) ? error.message : errorCatalogue.INTERNAL_ERROR.message;
}

export interface DeletionBlocker {
  kind: string;
  message: string;
  /** Where the person deals with it, when the product has such a page. */
  next?: { to: string; label: string };
}

const blockerTitles: Record<string, string> = {
  balance: 'Balance',
  // A deposit the provider may still pay: it would land on the account after the deletion, so it blocks too.
  deposits: 'Payments in progress',
  packs: 'Packs',
  nfts: 'NFTs',
};

const blockerPages: Record<string, DeletionBlocker['next']> = {
  balance: { to: withdrawalsPath, label: 'Withdraw what you can' },
  // Listed with their expiry on the balance tab, each with the way back to its checkout.
  deposits: { to: '/payment', label: 'See them and when they expire' },
  packs: { to: '/collections', label: 'Open your packs' },
  nfts: { to: '/collections', label: 'See your collection' },
};

/** 409 ACCOUNT_HAS_ASSETS: one entry per kind of asset still held, or undefined for any other answer. */
export function deletionBlockers(error: unknown): DeletionBlocker[] | undefined {
  if (!isApiError(error) || error.code !== 'ACCOUNT_HAS_ASSETS') return undefined;
  const details: TFieldError[] = error.details ?? [];
  return details.map((detail) => ({
    kind: blockerTitles[detail.field] ?? detail.field,
    message: detail.message,
    next: blockerPages[detail.field],
  }));
}
