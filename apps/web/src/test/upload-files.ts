/**
 * Files for upload tests, made of the first bytes that name their format: the console and the API judge an upload by
 * its content, not by its name or the type the browser guesses from the name.
 */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MP4_SIGNATURE = [0, 0, 0, 0x18, ...[...'ftypisom'].map((char) => char.charCodeAt(0))];

function fileStartingWith(signature: number[], name: string, bytes: number, type: string): File {
  const content = new Uint8Array(Math.max(bytes, signature.length));
  content.set(signature);
  return new File([content], name, { type });
}

/** A file that begins as a PNG does, `bytes` long, named and typed as the browser would report it. */
export function pngFile(name = 'logo.png', bytes = 64, type = 'image/png'): File {
  return fileStartingWith(PNG_SIGNATURE, name, bytes, type);
}

/** A file that begins as an MP4 does (an ISO media `ftyp` box of brand isom). */
export function mp4File(name = 'loop.mp4', bytes = 2048, type = 'video/mp4'): File {
  return fileStartingWith(MP4_SIGNATURE, name, bytes, type);
}
