import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

function partHeader(boundary: string, part: Omit<MultipartPart, 'content'>): Buffer {
  const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
  const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`);
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----cypher${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...parts.flatMap((part) => [partHeader(boundary, part), Buffer.from(part.content), Buffer.from('\r\n')]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * One file of `totalBytes` streamed in 64 KiB chunks that are made as they are read: the test itself never holds the
 * body, so memory measured while it uploads is the server's.
 */
export function streamedMultipartFile(part: Omit<MultipartPart, 'content'>, firstBytes: Buffer, totalBytes: number) {
  const boundary = `----cypher${randomBytes(8).toString('hex')}`;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  async function* body() {
    yield partHeader(boundary, part);
    yield firstBytes;
    for (let sent = firstBytes.length; sent < totalBytes; sent += chunk.length) yield chunk;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
