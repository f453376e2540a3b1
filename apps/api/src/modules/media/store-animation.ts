import { randomBytes } from 'node:crypto';
import type { TUploadedAnimation } from '@cypher/contract';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { AppError } from '../../http/app-error.ts';
import { sniffImageType } from './sniff-image-type.ts';
import { uploadUrl } from './store-image.ts';

/*
 * Route: POST /v1/console/media/animations (through console/media/upload-console-image.ts) · Reads and writes no table:
 * the storage port only (the caller writes audit_log) · Tests: console-media.test.ts.
 */

/** A product's video is played as uploaded (nothing here transcodes), so its size is held to what a page can stream. */
export const ANIMATION_MAX_BYTES = 50 * 1024 * 1024;

type AnimationFormat = { contentType: TUploadedAnimation['contentType']; extension: 'mp4' | 'webm' };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * Major brands of an ISO media file that browsers play as MP4 video. HEIC and AVIF images are ISO media files too
 * (brands heic, mif1, avif...), so the box alone does not make a video.
 */
const VIDEO_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash']);
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

function isoMediaBrand(bytes: Buffer): string | null {
  return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' ? ascii(bytes, 8, 12) : null;
}

/** WebM is Matroska (an EBML header) whose document type says webm; other Matroska files are not played by browsers. */
function isWebm(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3 &&
    bytes.subarray(0, 64).includes('webm', 0, 'latin1')
  );
}

/**
 * What the bytes are, by their first bytes: MP4 or WebM video. An image sent here (the media field takes videos; the
 * image field takes images) answers IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD, anything else UNSUPPORTED_MIMETYPE.
 */
function animationFormatOf(bytes: Buffer): AnimationFormat {
  const brand = isoMediaBrand(bytes);
  if (brand && VIDEO_BRANDS.has(brand)) return { contentType: 'video/mp4', extension: 'mp4' };
  if (isWebm(bytes)) return { contentType: 'video/webm', extension: 'webm' };
  if (sniffImageType(bytes) || (brand && IMAGE_BRANDS.has(brand)))
    throw new AppError('IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD');
  throw new AppError('UNSUPPORTED_MIMETYPE');
}

/** Checks what the bytes are, then stores them under a random name (never the uploader's). */
export async function storeAnimation(
  storage: FileStorage,
  bytes: Buffer,
): Promise<TUploadedAnimation & { key: string }> {
  const format = animationFormatOf(bytes);
  const key = `${randomBytes(16).toString('hex')}.${format.extension}`;
  await storage.put(key, bytes, format.contentType);
  return { key, url: uploadUrl(key), contentType: format.contentType, bytes: bytes.length };
}
