import type { FastifyInstance } from 'fastify';
import { catalogMessages as m, type TFieldError } from '@cypher/contract';
import type { FileStorage } from '../../../adapters/storage/storage.ts';
import { AppError } from '../../../http/app-error.ts';

const UPLOAD_ADDRESS = /^\/uploads\/([A-Za-z0-9._-]+)$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);
/** `…Url` fields that are links, not pictures: a banner may lead anywhere on the site, an upload included. */
const LINK_FIELDS = new Set(['linkUrl', 'websiteUrl']);

/** The kind of file a console field holds: a product's animation is a video, every other address an image. */
function expectedKind(field: string): 'video' | 'image' {
  return field === 'animationUrl' || field.endsWith('.animationUrl') ? 'video' : 'image';
}

/**
 * Every picture or video field (`…Url`, links aside) of a parsed body that names an upload (`/uploads/<key>`), with its
 * path as errors name it.
 */
function uploadAddresses(body: unknown): { field: string; key: string }[] {
  const found: { field: string; key: string }[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const field = path ? `${path}.${key}` : key;
        const isMedia = typeof item === 'string' && key.endsWith('Url') && !LINK_FIELDS.has(key);
        const address = isMedia ? UPLOAD_ADDRESS.exec(item) : null;
        if (address) found.push({ field, key: address[1]! });
        else if (typeof item === 'object') pending.push({ value: item, path: field });
      }
    }
  }
  return found;
}

/**
 * Route: every console write (registered in console.routes.ts) · Reads: the file store · Tests:
 * console/media/stored-media-check.test.ts.
 *
 * One check for every console write instead of one in each module: an image or video address given to the console
 * (a brand's logo, a drop's image, a product's animation) must name a file in the store, of the field's kind. The
 * contract can only check an address's shape, so without this a mistyped or made-up `/uploads/…` was published and
 * every collector saw a broken image; and a logo could name a video. Runs after validation (the body is parsed and
 * trimmed) and before the route, so nothing is written. A product's generative artworks are checked more strictly in
 * their own route (uploaded by this operator, console/media/uploaded-media.ts).
 */
export function registerStoredMediaCheck(app: FastifyInstance, storage: FileStorage) {
  app.addHook('preHandler', async (request) => {
    if (!WRITES.has(request.method)) return;
    const addresses = uploadAddresses(request.body);
    if (addresses.length === 0) return;
    const facts = await Promise.all(addresses.map(({ key }) => storage.stat(key)));
    const details: TFieldError[] = [];
    addresses.forEach(({ field }, index) => {
      const kind = expectedKind(field);
      const stored = facts[index];
      if (!stored) details.push({ field, message: kind === 'video' ? m.videoNotUploaded : m.imageNotUploaded });
      else if (!stored.contentType.startsWith(`${kind}/`)) {
        details.push({ field, message: kind === 'video' ? m.animationUrl : m.imageUrl });
      }
    });
    if (details.length > 0) throw new AppError('INVALID_REQUEST', { details });
  });
}
