import type { TUploadedAnimation } from './console.ts';

/**
 * The video formats a product's video can be, known by the file's first bytes, as image-formats.ts knows images: the
 * API before it stores an upload (media/store-animation.ts), and the console before it uploads what the API would
 * refuse (an image chosen for the video, a video for an image), whatever the file is named.
 */
export type TVideoFormat = { contentType: TUploadedAnimation['contentType']; extension: 'mp4' | 'webm' };

/** How many of a file's first bytes the video checks read: WebM names its document type within them. */
export const VIDEO_SIGNATURE_BYTES = 64;

const latin1 = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

/**
 * Major brands of an ISO media file that browsers play as MP4 video. HEIC and AVIF images are ISO media files too
 * (brands heic, mif1, avif...), so the box alone does not make a video.
 */
const VIDEO_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash']);
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

function isoMediaBrand(bytes: Uint8Array): string | null {
  return bytes.length >= 12 && latin1(bytes, 4, 8) === 'ftyp' ? latin1(bytes, 8, 12) : null;
}

/** WebM is Matroska (an EBML header) whose document type says webm; other Matroska files are not played by browsers. */
function isWebm(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3 &&
    latin1(bytes, 0, VIDEO_SIGNATURE_BYTES).includes('webm')
  );
}

/** MP4 or WebM video by the file's first bytes (what browsers play), or null. */
export function sniffVideoType(bytes: Uint8Array): TVideoFormat | null {
  const brand = isoMediaBrand(bytes);
  if (brand && VIDEO_BRANDS.has(brand)) return { contentType: 'video/mp4', extension: 'mp4' };
  if (isWebm(bytes)) return { contentType: 'video/webm', extension: 'webm' };
  return null;
}

/** An HEIC or AVIF image: an ISO media file like MP4, whose brand says image. */
export function isIsoMediaImage(bytes: Uint8Array): boolean {
  const brand = isoMediaBrand(bytes);
  return brand !== null && IMAGE_BRANDS.has(brand);
}
