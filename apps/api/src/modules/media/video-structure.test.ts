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
    // The first bytes sniff-video-type.ts reads, then anything: what the upload took before.
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
});
