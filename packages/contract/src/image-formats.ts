/**
 * The image formats an upload can be, known by the file's first bytes. The name and the Content-Type a browser sends
 * are the uploader's claims; these bytes are what a decoder will actually read, so they alone decide: the API before
 * it decodes an upload (media/process-image.ts), and the console before it uploads what the API would refuse later
 * (a WebP renamed `.png` for a generative artwork, which takes only PNG, JPEG or GIF).
 */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export const imageContentTypes: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const imageExtensions: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** How many of a file's first bytes `sniffImageType` reads: WebP's signature ends at the twelfth. */
export const IMAGE_SIGNATURE_BYTES = 12;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The format these first bytes begin, or null for anything else (SVG, TIFF, a video, too few bytes). */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}
