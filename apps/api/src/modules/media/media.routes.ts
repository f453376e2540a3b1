import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageVariantWidths, type TImageVariantWidth, ZQueryNumber } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { isValidStorageKey, type ByteRange } from '../../adapters/storage/storage.ts';
import { AppError } from '../../http/app-error.ts';
import { imageVariants } from './image-variant.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A redirect to the bucket is kept by browsers for a day, not a year: the name's bytes never change, but where the
 * bucket is read from (S3_PUBLIC_URL) may.
 */
const REDIRECT_CACHE = 'public, max-age=86400';
/**
 * The most one range answers: a player asking for `bytes=0-` of a 50 MB video gets its first 2 MB (a 206 may hold less
 * than was asked for) and asks for the next as it plays, so no answer holds a file, a bucket's connection or much
 * memory for long.
 */
const MAX_RANGE_BYTES = 2 * 1024 * 1024;
/** Keys this process has seen in a public bucket; bounded, since every name and width could be asked for. */
const KNOWN_KEYS_LIMIT = 20_000;

/**
 * Stored files, served from the storage port. Names are random and never reused, so a file can be cached for a
 * year; `nosniff` (from the security headers) keeps browsers to the content type stored with it. `?w=` asks for an
 * image at one of the contract's variant widths (srcset), made once and kept in the store (image-variant.ts), so any
 * instance finds it. With a public bucket (S3_PUBLIC_URL) the answer is a redirect to the object there, made first for
 * a variant; addresses stored in the database stay `/uploads/<name>` either way (decision record 33).
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = ctx.storage;
  const variants = imageVariants(storage);
  const knownKeys = new Map<string, string>();

  /** Where `name` (at `width`) is in a public bucket, or null; a key found once is not asked for again. */
  async function publicKey(name: string, width: TImageVariantWidth | undefined) {
    const asked = width ? `${name}?w=${width}` : name;
    const known = knownKeys.get(asked);
    if (known) return known;
    const key = width ? await variants.storedKey(name, width) : (await storage.has(name)) ? name : null;
    if (key) {
      if (knownKeys.size >= KNOWN_KEYS_LIMIT) knownKeys.clear();
      knownKeys.set(asked, key);
    }
    return key;
  }

  /** A public bucket's answer: a redirect to the object there (made first for a variant). */
  async function redirectToBucket(reply: FastifyReply, name: string, width: TImageVariantWidth | undefined) {
    const key = await publicKey(name, width);
    if (!key) throw new AppError('MEDIA_NOT_FOUND');
    reply.header('cache-control', REDIRECT_CACHE).redirect(storage.publicUrl!(key), 302);
  }

  async function sendVariant(reply: FastifyReply, name: string, width: TImageVariantWidth) {
    const variant = await variants.variant(name, width);
    if (!variant) throw new AppError('MEDIA_NOT_FOUND');
    reply.type(variant.contentType).header('cache-control', IMMUTABLE).send(variant.bytes);
  }

  /**
   * Answers what GET and HEAD answer alike: MEDIA_NOT_FOUND for a name that cannot be a key, a public bucket's
   * redirect, a variant (made once and kept, so a HEAD costs no more than a GET). True when it has answered; false
   * when the stored file itself is asked for, which each answers its own way. A boolean, not the reply: a reply is a
   * thenable that resolves to nothing once sent, so an awaited reply reads as "not answered", and the route would go on
   * to open the file too, leaving its handle (or a bucket's connection) to the garbage collector.
   */
  async function answeredBeforeTheFile(reply: FastifyReply, name: string, width: TImageVariantWidth | undefined) {
    if (!isValidStorageKey(name)) throw new AppError('MEDIA_NOT_FOUND');
    if (storage.publicUrl) await redirectToBucket(reply, name, width);
    else if (width) await sendVariant(reply, name, width);
    else return false;
    return true;
  }

  const schema = {
    tags: ['media'],
    params: z.object({ name: z.string().max(200) }),
    querystring: z.object({
      // The document names the widths: it read the coercion's side alone, any number.
      w: ZQueryNumber(z.coerce.number().pipe(z.literal(imageVariantWidths)))
        .meta({ enum: [...imageVariantWidths] })
        .optional(),
    }),
  };

  return async (app) => {
    app.get(
      '/uploads/:name',
      {
        schema: { ...schema, summary: 'An uploaded or generated image, or a video by ranges' },
        exposeHeadRoute: false,
      },
      async (request, reply) => {
        const { name } = request.params;
        if (await answeredBeforeTheFile(reply, name, request.query.w)) return reply;
        const { range: rangeHeader } = request.headers;
        const file = await storage.open(name, rangeHeader ? (size) => byteRange(rangeHeader, size) : undefined);
        if (!file) throw new AppError('MEDIA_NOT_FOUND');
        reply.type(file.contentType).header('cache-control', IMMUTABLE).header('accept-ranges', 'bytes');
        if (!file.range) return reply.header('content-length', file.size).send(file.body);
        const { start, end } = file.range;
        return reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${file.size}`)
          .header('content-length', end - start + 1)
          .send(file.body);
      },
    );

    // Fastify's own HEAD runs the GET above and reads the whole file to throw it away (50 MB for a video): a HEAD
    // asks the store for the type and size only. Range is not defined for HEAD (RFC 9110), so it is not read.
    app.head(
      '/uploads/:name',
      { schema: { ...schema, summary: "The headers of GET /uploads/{name}'s whole answer, without reading the file" } },
      async (request, reply) => {
        const { name } = request.params;
        if (await answeredBeforeTheFile(reply, name, request.query.w)) return reply;
        const facts = await storage.stat(name);
        if (!facts) throw new AppError('MEDIA_NOT_FOUND');
        return reply
          .type(facts.contentType)
          .header('cache-control', IMMUTABLE)
          .header('accept-ranges', 'bytes')
          .header('content-length', facts.size)
          .send();
      },
    );
  };
}

/**
 * The one byte range a `Range` header asks for (`bytes=0-1023`, `bytes=500-`, `bytes=-500`), within a file of `size`
 * bytes; null for none, several, or one that cannot be met, which are answered with the whole file (RFC 9110 lets a
 * server ignore Range). Browsers play a video by ranges, Safari only so: only that range is read from the store
 * (FileStorage.open), at most MAX_RANGE_BYTES of it, so a 50 MB video costs each range its own bytes. A public bucket
 * (S3_PUBLIC_URL) serves ranges itself.
 */
function byteRange(header: string, size: number): ByteRange | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size === 0) return null;
  const [, first, last] = match;
  if (!first && !Number(last)) return null;
  // `bytes=N-M` from N to M, `bytes=N-` from N to the end, `bytes=-N` the last N bytes.
  const start = first ? Number(first) : Math.max(0, size - Number(last));
  const askedEnd = first && last ? Number(last) : size - 1;
  const end = Math.min(askedEnd, size - 1, start + MAX_RANGE_BYTES - 1);
  return start <= end ? { start, end } : null;
}
