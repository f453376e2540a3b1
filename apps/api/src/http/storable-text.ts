import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TFieldError } from '@cypher/contract';
import { AppError } from './app-error.ts';
import { isApiPath } from './error-handler.ts';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MESSAGE = 'This text contains a character that cannot be stored: a NUL character or half of a unicode pair.';
/** Enough to show where the problem is without answering a megabyte of details to a megabyte of bad text. */
const MAX_DETAILS = 10;

/**
 * Text PostgreSQL can keep: it refuses a NUL character in text and jsonb (22021, 22P05), and a lone UTF-16
 * surrogate is not text at all (jsonb refuses it with 22P02; a text column would silently keep U+FFFD instead).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * A text field of a body the request-wide check below never sees as text (a webhook's, parsed from its raw bytes once
 * its signature holds): the same rule and message, in the schema that body is read with.
 */
export function storableText(schema: z.ZodString = z.string()) {
  return schema.refine(isStorableText, { message: MESSAGE });
}

/**
 * The fields of one part of a request (path parameters, query, parsed body) whose text, or key, is not storable,
 * named the way validation errors name them (`address.city`, `items.2`). Walks with its own stack, so a deeply
 * nested JSON body cannot overflow the call stack here.
 */
function unstorableFields(root: unknown, part: string): TFieldError[] {
  const found: TFieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (pending.length > 0 && found.length < MAX_DETAILS) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push({ field: path || part, message: MESSAGE });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) found.push({ field: field || part, message: MESSAGE });
        else pending.push({ value: item, path: field });
      }
    }
  }
  return found;
}

/**
 * One check for every route instead of a rule on every text field of every schema: a NUL character or a lone
 * surrogate in a path parameter, the query or a JSON body is refused as 400 INVALID_REQUEST with the field named,
 * before validation, so no route can pass one to the database (where it answered 500). Raw bodies (webhooks, kept as
 * bytes for their signature) are not text yet and are left to their own parsers; the error handler's mapping of the
 * database's refusals stays as the last line of defence.
 */
export function registerStorableTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // A page's address is the web app's to answer: its page, reading the API in process, gets this check's 400 where
    // it reads, and shows it as the page's own error, not as the API's JSON in place of the page.
    if (!isApiPath(request.url)) return;
    const details = [
      ...unstorableFields(request.params, 'params'),
      ...unstorableFields(request.query, 'querystring'),
      ...unstorableFields(request.body, 'body'),
    ];
    if (details.length > 0) throw new AppError('INVALID_REQUEST', { details: details.slice(0, MAX_DETAILS) });
  });
}
