import type { ImageFormat } from '@cypher/contract';

/**
 * What an upload of one kind may be, and what is kept of it. The pipeline (read -> sniff -> decode -> check ->
 * re-encode -> store) is the same for every kind; only these rules differ, so a new kind is a new entry here.
 */
export interface ImageKind {
  name: string;
  /** Refused while streaming, before more than this is read. */
  maxBytes: number;
  formats: readonly ImageFormat[];
  minWidth?: number;
  minHeight?: number;
  /** Decoding stops above this many pixels (sharp's limitInputPixels): a tiny file can still be a huge image. */
  maxInputPixels: number;
  /** Larger images are scaled down to fit this box; smaller ones are never enlarged. */
  maxStoredSide: number;
  /** A square-ish WebP copy for cards and lists, when the kind needs one. */
  thumbnailSide?: number;
}

const WEB_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
const MB = 1024 * 1024;

export const imageKinds = {
  /** Catalogue artwork, logos and banners uploaded in the console. */
  consoleImage: {
    name: 'console image',
    maxBytes: 10 * MB,
    formats: WEB_IMAGE_FORMATS,
    maxInputPixels: 50_000_000,
    maxStoredSide: 2400,
    thumbnailSide: 480,
  },
  /** A profile photo (spec section 5: JPEG/PNG/GIF/WebP). */
  profilePhoto: {
    name: 'profile photo',
    maxBytes: 5 * MB,
    formats: WEB_IMAGE_FORMATS,
    maxInputPixels: 40_000_000,
    maxStoredSide: 1024,
  },
  /** A profile background (spec sections 5 and 9: at least 1440x397 px, under 5 MB). */
  profileBackground: {
    name: 'profile background',
    maxBytes: 5 * MB - 1,
    formats: WEB_IMAGE_FORMATS,
    minWidth: 1440,
    minHeight: 397,
    maxInputPixels: 50_000_000,
    maxStoredSide: 2880,
  },
} as const satisfies Record<string, ImageKind>;
