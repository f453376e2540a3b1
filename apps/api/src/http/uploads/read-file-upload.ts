import type { FastifyRequest } from 'fastify';
// Brings in the request.parts() and request.isMultipart() types; the plugin itself is registered in app.ts.
import type {} from '@fastify/multipart';
import { AppError } from '../app-error.ts';

/**
 * Reads the one file of a multipart request (field `field`) into memory, with the size limit enforced by the
 * multipart parser while the body streams in: past `maxBytes` it stops at once with FILE_TOO_LARGE, so an oversized
 * upload costs at most `maxBytes` of memory however large it is, and what is left of its body is read only as far as
 * the answer's drain goes (http/request-body-drain.ts), not to its end. Checking what the bytes are is the
 * media pipeline's job (modules/media); this only answers "was one acceptable-sized file sent?". Other text fields
 * are passed over; the file field sent as text answers IMAGE_REQUIRED_IN_IMAGE_FIELD.
 */
export async function readFileUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_FILE_ABSENT');
  try {
    return await readOneFile(request, options);
  } catch (error) {
    // The multipart parser (busboy) throws plain errors for a body it cannot read: no boundary, another boundary
    // than the header's, a part that never ends. Those are the client's malformed request, not our failure. Our own
    // refusals and the plugin's limits (FST_* with their 4xx status) go on to the error handler as they are.
    if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new AppError('INVALID_REQUEST', {
      cause: error,
      details: [{ field: 'body', message: 'The multipart form could not be read. Please send it again.' }],
    });
  }
}

async function readOneFile(request: FastifyRequest, options: { field: string; maxBytes: number }) {
  // The plugin is registered with throwFileSizeLimit off (app.ts): a file past the limit is answered FILE_TOO_LARGE
  // here, as soon as the parser says so ('limit'), where waiting for the part's end read the whole body, gigabytes
  // included, before answering.
  const parts = request.parts({
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      // The image field arrived as text (a URL or a name typed in): a form that never attached the file.
      if (part.fieldname === options.field) throw new AppError('IMAGE_REQUIRED_IN_IMAGE_FIELD');
      continue;
    }
    if (part.fieldname !== options.field) {
      part.file.resume();
      throw new AppError('UPLOAD_FILE_ABSENT');
    }
    part.file.once('limit', () => part.file.destroy(new AppError('FILE_TOO_LARGE')));
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      // The parser has already cut the file at the limit; this guard only keeps the promise in plain sight.
      if (size + chunk.length > options.maxBytes) continue;
      size += chunk.length;
      chunks.push(chunk);
    }
    if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
    if (size === 0) throw new AppError('UPLOAD_FILE_ABSENT');
    return { bytes: Buffer.concat(chunks, size), fileName: part.filename };
  }
  throw new AppError('UPLOAD_FILE_ABSENT');
}
