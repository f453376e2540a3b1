import fs from 'node:fs';
import path from 'node:path';

/**
 * Two short videos as Chromium's MediaRecorder wrote them (a 32 px canvas changing colour, 0.6 s): a fragmented MP4
 * (ftyp, moov, moof, mdat, mfra) and a WebM with a segment of known size.
 */
export const recordedVideos = {
  mp4: fs.readFileSync(path.join(import.meta.dirname, 'videos/loop.mp4')),
  webm: fs.readFileSync(path.join(import.meta.dirname, 'videos/loop.webm')),
};

function isoBox(type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + data.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), data]);
}

/** A well-formed MP4 of `brand` whose media data is `mediaBytes` bytes: ftyp, a movie box with a track, mdat. */
export function isoMediaVideo(brand = 'isom', mediaBytes = 4096): Buffer {
  const ftyp = isoBox('ftyp', Buffer.from(`${brand}\0\0\x02\0${brand}iso2`, 'latin1'));
  const moov = isoBox(
    'moov',
    Buffer.concat([isoBox('mvhd', Buffer.alloc(100)), isoBox('trak', isoBox('tkhd', Buffer.alloc(84)))]),
  );
  return Buffer.concat([ftyp, moov, isoBox('mdat', Buffer.alloc(mediaBytes, 1))]);
}

/** An EBML element: its id as written, an 8-byte size, its data. */
function ebml(id: number[], data: Buffer): Buffer {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, data]);
}

/** A well-formed WebM whose one cluster holds `frameBytes` bytes: EBML header (doc type webm), a segment with a track. */
export function webmVideo(frameBytes = 2048): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')));
  const segment = ebml(
    [0x18, 0x53, 0x80, 0x67],
    Buffer.concat([
      ebml([0x15, 0x49, 0xa9, 0x66], Buffer.alloc(8)),
      ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], Buffer.alloc(8))),
      ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(frameBytes, 2)),
    ]),
  );
  return Buffer.concat([header, segment]);
}
