/*
 * Route: none of its own; POST /v1/console/media/animations (store-animation.ts) · Reads and writes nothing (pure) ·
 * Tests: video-structure.test.ts, console-media.test.ts.
 */

/**
 * Whether a video's bytes hold together, beyond the first bytes that name its format (sniff-video-type.ts): a file
 * cut short in its upload, padded with other bytes, or only dressed in a video's first bytes is refused, as an image
 * is decoded whole before it is kept. Both formats are walked element by element at the top of the file: no frame
 * is decoded (nothing here transcodes), so the walk costs a few reads however long the video.
 */
export function isWholeVideo(bytes: Buffer, contentType: 'video/mp4' | 'video/webm'): boolean {
  return contentType === 'video/mp4' ? isWholeIsoMedia(bytes) : isWholeWebm(bytes);
}

/**
 * An MP4 (ISO base media file, ISO/IEC 14496-12): boxes laid end to end from the first byte to the last, each a size
 * and a four-letter type (a size of 1 is a 64-bit size after the type, 0 runs to the end of the file), a movie box
 * (`moov`, which a player needs to play anything) among them.
 */
function isWholeIsoMedia(bytes: Buffer): boolean {
  let offset = 0;
  let hasMovie = false;
  while (offset < bytes.length) {
    const left = bytes.length - offset;
    if (left < 8) return false;
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    let size = bytes.readUInt32BE(offset);
    let headerSize = 8;
    if (size === 1) {
      if (left < 16) return false;
      const largeSize = bytes.readBigUInt64BE(offset + 8);
      if (largeSize > BigInt(left)) return false;
      size = Number(largeSize);
      headerSize = 16;
    } else if (size === 0) {
      size = left;
    }
    if (size < headerSize || size > left) return false;
    if (type === 'moov') hasMovie = true;
    offset += size;
  }
  return hasMovie;
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
/** What a segment holds at its top (Matroska's level 1): anything else there is not a WebM's. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  0x1549a966, // Info
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1043a770, // Chapters
  0x1254c367, // Tags
  0x1941a469, // Attachments
  0xec, // Void
  0xbf, // CRC-32
]);

type TElement = { id: number; dataStart: number; size: number | null };

/** An EBML variable-length number at `offset`: its length in bytes from the first byte's leading zeros (1 to 8). */
function vintAt(bytes: Buffer, offset: number, maxLength: number): { length: number; raw: bigint } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > maxLength || offset + length > bytes.length) return null;
  let raw = 0n;
  for (let index = 0; index < length; index += 1) raw = (raw << 8n) | BigInt(bytes[offset + index]!);
  return { length, raw };
}

/** The element at `offset`: its id (marker kept, as ids are written), where its data starts, its size (null: unknown). */
function elementAt(bytes: Buffer, offset: number): TElement | null {
  const id = vintAt(bytes, offset, 4);
  if (!id) return null;
  const size = vintAt(bytes, offset + id.length, 8);
  if (!size) return null;
  const bits = BigInt(7 * size.length);
  const value = size.raw & ((1n << bits) - 1n);
  // All ones is "size unknown": a live recording's segment or cluster runs to where the next one starts.
  const isUnknown = value === (1n << bits) - 1n;
  return { id: Number(id.raw), dataStart: offset + id.length + size.length, size: isUnknown ? null : Number(value) };
}

/**
 * A WebM (Matroska, RFC 9559): an EBML header whole within the file, then a segment whose top-level elements are
 * Matroska's and lie end to end to the segment's end (a known size must be met exactly: the file ends there), with its
 * tracks before any cluster of frames. An element of unknown size (a live recording's) ends the walk: it runs to the end.
 */
function isWholeWebm(bytes: Buffer): boolean {
  const header = elementAt(bytes, 0);
  if (header?.id !== EBML_HEADER || header.size === null) return false;
  const segment = elementAt(bytes, header.dataStart + header.size);
  if (segment?.id !== SEGMENT) return false;
  const segmentEnd = segment.size === null ? bytes.length : segment.dataStart + segment.size;
  if (segmentEnd !== bytes.length) return false;
  let offset = segment.dataStart;
  let hasTracks = false;
  while (offset < segmentEnd) {
    const child = elementAt(bytes, offset);
    if (!child || !SEGMENT_CHILDREN.has(child.id)) return false;
    if (child.id === TRACKS) hasTracks = true;
    if (child.id === CLUSTER && !hasTracks) return false;
    if (child.size === null) return hasTracks;
    if (child.dataStart + child.size > segmentEnd) return false;
    offset = child.dataStart + child.size;
  }
  return hasTracks;
}
