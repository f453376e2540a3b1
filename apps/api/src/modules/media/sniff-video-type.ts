import type { TUploadedAnimation } from '@cypher/contract';

export type TVideoFormat = { contentType: TUploadedAnimation['contentType']; extension: 'mp4' | 'webm' };

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

/** MP4 or WebM video by the file's first bytes (what browsers play), or null. */
export function sniffVideoType(bytes: Buffer): TVideoFormat | null {
  const brand = isoMediaBrand(bytes);
  if (brand && VIDEO_BRANDS.has(brand)) return { contentType: 'video/mp4', extension: 'mp4' };
  if (isWebm(bytes)) return { contentType: 'video/webm', extension: 'webm' };
  return null;
}

/** An HEIC or AVIF image: an ISO media file like MP4, whose brand says image. */
export function isIsoMediaImage(bytes: Buffer): boolean {
  const brand = isoMediaBrand(bytes);
  return brand !== null && IMAGE_BRANDS.has(brand);
}
