/*
 * Route: none of its own; POST /v1/console/media/animations (store-animation.ts) · Reads and writes nothing (pure) ·
 * Tests: video-structure.test.ts, console-media.test.ts.
 */

/**
 * Whether a video's bytes hold together, beyond the first bytes that name its format (the contract's video-formats.ts): a file
 * cut short in its upload, padded with other bytes, or only dressed in a video's first bytes is refused, as an image
 * is decoded whole before it is kept. Both formats are walked element by element at the top of the file: no frame
 * is decoded (nothing here transcodes), so the walk costs a few reads however long the video.
 */
export function isWholeVideo(bytes: Buffer, contentType: 'video/mp4' | 'video/webm'): boolean {
  return contentType === 'video/mp4' ? isWholeIsoMedia(bytes) : isWholeWebm(bytes);
}

/** Whether every byte from `offset` to `end` is zero: padding some writers leave after a file's last element. */
function isZeroPadding(bytes: Buffer, offset: number, end: number): boolean {
  for (let index = offset; index < end; index += 1) if (bytes[index] !== 0) return false;
  return true;
}

/** A box's four-letter type, printable ASCII (compared byte by byte: a crafted file may hold millions of boxes). */
function boxTypeAt(bytes: Buffer, offset: number): string | null {
  for (let index = offset; index < offset + 4; index += 1) {
    const byte = bytes[index]!;
    if (byte < 0x20 || byte > 0x7e) return null;
  }
  return bytes.toString('latin1', offset, offset + 4);
}

type TBox = { dataStart: number; end: number };

/** The boxes from `start` to `end`, end to end, by type (a size of 1: 64-bit, 0: to `end`); null if they do not tile. */
function boxesIn(bytes: Buffer, start: number, end: number, isFileLevel: boolean): Map<string, TBox> | null {
  const found = new Map<string, TBox>();
  let offset = start;
  while (offset < end) {
    const left = end - offset;
    if (isFileLevel && isZeroPadding(bytes, offset, end)) break;
    if (left < 8) return null;
    const type = boxTypeAt(bytes, offset + 4);
    if (!type) return null;
    let size = bytes.readUInt32BE(offset);
    let headerSize = 8;
    if (size === 1) {
      if (left < 16) return null;
      const largeSize = bytes.readBigUInt64BE(offset + 8);
      if (largeSize > BigInt(left)) return null;
      size = Number(largeSize);
      headerSize = 16;
    } else if (size === 0) {
      size = left;
    }
    if (size < headerSize || size > left) return null;
    if (!found.has(type)) found.set(type, { dataStart: offset + headerSize, end: offset + size });
    offset += size;
  }
  return found;
}

/**
 * An MP4 (ISO base media file, ISO/IEC 14496-12): boxes laid end to end from the first byte to the last (zero padding
 * after the last allowed), a movie box (`moov`, which a player needs to play anything) among them, itself holding its
 * header (`mvhd`) and at least one track (`trak`), end to end.
 */
function isWholeIsoMedia(bytes: Buffer): boolean {
  const movie = boxesIn(bytes, 0, bytes.length, true)?.get('moov');
  const inMovie = movie && boxesIn(bytes, movie.dataStart, movie.end, false);
  return Boolean(inMovie?.has('mvhd') && inMovie.has('trak'));
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const CLUSTER = 0x1f43b675;
const VOID = 0xec;
const CRC_32 = 0xbf;
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
  VOID,
  CRC_32,
]);
/** What a cluster holds: the frames and their timing. Read one by one inside a cluster of unknown size. */
const CLUSTER_CHILDREN = new Set([
  0xe7, // Timestamp
  0x5854, // SilentTracks
  0xa7, // Position
  0xab, // PrevSize
  0xa3, // SimpleBlock
  0xa0, // BlockGroup
  0xaf, // EncryptedBlock
  VOID,
  CRC_32,
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
 * Matroska's and lie end to end to the segment's end (a known size must be met exactly: the file ends there, but for
 * zero padding), with tracks holding a track before any cluster of frames. Only the segment and a cluster may be of
 * unknown size (a live recording's, as a browser's MediaRecorder writes): such a cluster is read frame by frame up
 * to the next top-level element or the end, so one cut short is refused too.
 */
function isWholeWebm(bytes: Buffer): boolean {
  const header = elementAt(bytes, 0);
  if (header?.id !== EBML_HEADER || header.size === null) return false;
  const segment = elementAt(bytes, header.dataStart + header.size);
  if (segment?.id !== SEGMENT) return false;
  const segmentEnd = segment.size === null ? bytes.length : segment.dataStart + segment.size;
  if (segmentEnd > bytes.length || !isZeroPadding(bytes, segmentEnd, bytes.length)) return false;
  let offset = segment.dataStart;
  let hasTracks = false;
  let isInOpenCluster = false;
  while (offset < segmentEnd) {
    if (isZeroPadding(bytes, offset, segmentEnd)) break;
    const element = elementAt(bytes, offset);
    if (!element) return false;
    if (isInOpenCluster && CLUSTER_CHILDREN.has(element.id)) {
      if (element.size === null || element.dataStart + element.size > segmentEnd) return false;
      offset = element.dataStart + element.size;
      continue;
    }
    if (!SEGMENT_CHILDREN.has(element.id)) return false;
    isInOpenCluster = false;
    if (element.id === CLUSTER && !hasTracks) return false;
    if (element.size === null) {
      if (element.id !== CLUSTER) return false;
      isInOpenCluster = true;
      offset = element.dataStart;
      continue;
    }
    if (element.dataStart + element.size > segmentEnd) return false;
    if (element.id === TRACKS) hasTracks = elementAt(bytes, element.dataStart)?.id === TRACK_ENTRY;
    offset = element.dataStart + element.size;
  }
  return hasTracks;
}
