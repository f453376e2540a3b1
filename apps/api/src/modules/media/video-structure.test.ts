import { describe, expect, it } from 'vitest';
import { isoMediaVideo, recordedVideos, webmVideo } from '../../testing/video-fixtures.ts';
import { isWholeVideo } from './video-structure.ts';

/** A 64-bit size box: size 1, the type, then the size in eight bytes. */
function largeBox(type: string, dataBytes: number): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + dataBytes), 8);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

describe('a video’s bytes, walked to their end', () => {
  it('holds together as Chromium records an MP4 and a WebM, and as the fixtures build them', () => {
    expect(isWholeVideo(recordedVideos.mp4, 'video/mp4')).toBe(true);
    expect(isWholeVideo(recordedVideos.webm, 'video/webm')).toBe(true);
    expect(isWholeVideo(isoMediaVideo(), 'video/mp4')).toBe(true);
    expect(isWholeVideo(webmVideo(), 'video/webm')).toBe(true);
  });

  it('takes an MP4 box with a 64-bit size, and a last box that runs to the end (size 0)', () => {
    expect(isWholeVideo(Buffer.concat([isoMediaVideo('isom', 0), largeBox('mdat', 64)]), 'video/mp4')).toBe(true);
    const toTheEnd = Buffer.concat([isoMediaVideo('isom', 0), Buffer.from([0, 0, 0, 0]), Buffer.from('mdat')]);
    expect(isWholeVideo(Buffer.concat([toTheEnd, Buffer.alloc(300)]), 'video/mp4')).toBe(true);
  });

  it('refuses one cut short in its upload, at any point', () => {
    for (const [video, type] of [
      [recordedVideos.mp4, 'video/mp4'],
      [recordedVideos.webm, 'video/webm'],
      [isoMediaVideo(), 'video/mp4'],
      [webmVideo(), 'video/webm'],
    ] as const) {
      for (const cut of [12, 40, Math.floor(video.length / 2), video.length - 1]) {
        expect(isWholeVideo(video.subarray(0, cut), type), `${type} cut at ${cut}`).toBe(false);
      }
    }
  });

  it('refuses one with other bytes after its end, or only dressed in a video’s first bytes', () => {
    const garbage = Buffer.alloc(4096, 0xff);
    expect(isWholeVideo(Buffer.concat([recordedVideos.mp4, garbage]), 'video/mp4')).toBe(false);
    expect(isWholeVideo(Buffer.concat([recordedVideos.webm, garbage]), 'video/webm')).toBe(false);
    // The first bytes the contract's sniffVideoType reads, then anything: what the upload took before.
    const dressedMp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4096, 1)]);
    expect(isWholeVideo(dressedMp4, 'video/mp4')).toBe(false);
    const dressedWebm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
      Buffer.alloc(2048, 2),
    ]);
    expect(isWholeVideo(dressedWebm, 'video/webm')).toBe(false);
  });

  it('refuses an MP4 without its movie box, and a WebM whose frames come before its tracks', () => {
    const ftyp = isoMediaVideo('isom', 0).subarray(0, 24);
    expect(isWholeVideo(Buffer.concat([ftyp, largeBox('mdat', 64)]), 'video/mp4')).toBe(false);
    const header = webmVideo(0).subarray(0, 4 + 8 + 2 + 8 + 4);
    const cluster = Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x84]), Buffer.alloc(4)]);
    const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80 | cluster.length]), cluster]);
    expect(isWholeVideo(Buffer.concat([header, segment]), 'video/webm')).toBe(false);
  });

  // Review of session 69: what the walk first took, and what it could not see.
  it('reads a live recording of unknown sizes frame by frame: whole, it holds together; cut in a frame, it does not', () => {
    const live = liveWebm([64, 64, 64]);
    expect(isWholeVideo(live, 'video/webm')).toBe(true);
    expect(isWholeVideo(live.subarray(0, live.length - 20), 'video/webm')).toBe(false);
  });

  it('refuses an empty movie or empty tracks, an unknown size where Matroska allows none, and bytes no frame holds', () => {
    const ftyp = isoMediaVideo('isom', 0).subarray(0, 24);
    const emptyMovie = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('moov')]);
    const toTheEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.alloc(64, 0xff)]);
    expect(isWholeVideo(Buffer.concat([emptyMovie, toTheEnd]), 'video/mp4')).toBe(false);
    expect(isWholeVideo(liveWebm([64], { hasTrack: false }), 'video/webm')).toBe(false);
    const garbage = Buffer.alloc(64, 0x11);
    expect(isWholeVideo(Buffer.concat([liveWebm([64]), garbage]), 'video/webm')).toBe(false);
    const unknownVoid = Buffer.from([0xec, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    expect(isWholeVideo(Buffer.concat([liveWebm([]), unknownVoid, garbage]), 'video/webm')).toBe(false);
  });

  it('takes zero padding after the last box or element, as some writers leave', () => {
    expect(isWholeVideo(Buffer.concat([recordedVideos.mp4, Buffer.alloc(4)]), 'video/mp4')).toBe(true);
    expect(isWholeVideo(Buffer.concat([recordedVideos.webm, Buffer.alloc(512)]), 'video/webm')).toBe(true);
  });
});

/** An element with a one-byte size (data under 127 bytes). */
const small = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
/** "Size unknown" in eight bytes, as a live recording writes it. */
const unknownSize = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** A WebM as a live recording writes it: segment and cluster of unknown size, a frame (SimpleBlock) per size given. */
function liveWebm(frames: number[], { hasTrack = true } = {}): Buffer {
  const header = webmVideo(0).subarray(0, 26);
  const tracks = small([0x16, 0x54, 0xae, 0x6b], hasTrack ? small([0xae], Buffer.alloc(8)) : Buffer.alloc(0));
  const cluster =
    frames.length === 0
      ? Buffer.alloc(0)
      : Buffer.concat([
          Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
          unknownSize,
          small([0xe7], Buffer.from([0])),
          ...frames.map((size) => small([0xa3], Buffer.alloc(size, 7))),
        ]);
  return Buffer.concat([
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    unknownSize,
    small([0x15, 0x49, 0xa9, 0x66], Buffer.alloc(8)),
    tracks,
    cluster,
  ]);
}
