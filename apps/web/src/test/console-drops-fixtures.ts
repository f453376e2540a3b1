import {
  dropStatusAt,
  errorCatalogue,
  ZConsoleDropRequest,
  type TConsoleDrop,
  type TConsoleDropListItem,
  type TConsoleDropRequest,
  type TConsoleMe,
  type TConsoleProductListItem,
} from '@cypher/contract';
import { startSession } from '../lib/session.ts';
import { brand, consoleMe, consoleProductItem, ids, pathnameOf, queryOf } from './catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from './fake-api.ts';

/**
 * The console's drops for tests: an in-memory API that answers like the real one (drafts created from the request,
 * checked with the contract's schema, replaced by PUT, published once; brand managers held to their brands), over the
 * catalogue fixtures' brands and products. Times are relative to now, so a drop is upcoming, live or ended for real.
 */
const hour = 3_600_000;
/** Hours from `from` (now by default). A fixture with several times passes one `from`: a millisecond ticking between
 * two calls would put a round's end past the drop's. */
export const inHours = (hours: number, from = Date.now()) => new Date(from + hours * hour).toISOString();

export const consoleDropIds = {
  upcoming: '0190a0b0-0000-7000-8000-00000000dd01',
  live: '0190a0b0-0000-7000-8000-00000000dd02',
  otherBrand: '0190a0b0-0000-7000-8000-00000000dd03',
  created: '0190a0b0-0000-7000-8000-00000000dd10',
  knight: '0190a0b0-0000-7000-8000-0000000000d3',
  ariaProduct: '0190a0b0-0000-7000-8000-0000000000d4',
  spentProduct: '0190a0b0-0000-7000-8000-0000000000d5',
};

const admin = consoleMe({ roles: ['admin'], isAdmin: true, brands: [] });
export const neonManager = consoleMe();

const brands = [
  brand(),
  brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST', logoUrl: null }),
];
const summaryOf = (brandId: string) => {
  const { id, slug, name, type, logoUrl } = brands.find((entry) => entry.id === brandId)!;
  return { id, slug, name, type, logoUrl };
};

const consoleProducts: TConsoleProductListItem[] = [
  consoleProductItem(),
  consoleProductItem({
    id: ids.squire,
    name: 'Squire',
    rarity: 'COMMON',
    imageUrl: '/uploads/squire.webp',
    imageThumbnailUrl: '/uploads/squire-thumb.webp',
    editionSize: 1_000,
    editionsLeft: 600,
  }),
  consoleProductItem({
    id: consoleDropIds.knight,
    name: 'Pixel Knight',
    rarity: 'RARE',
    imageUrl: '/uploads/knight.webp',
    imageThumbnailUrl: '/uploads/knight-thumb.webp',
    editionSize: null,
    status: 'DRAFT',
  }),
  consoleProductItem({
    id: consoleDropIds.ariaProduct,
    name: 'Aria’s Song',
    rarity: 'EPIC',
    brand: summaryOf(ids.ariaVale),
  }),
  consoleProductItem({
    id: consoleDropIds.spentProduct,
    name: 'Spent Sprite',
    rarity: 'RARE',
    editionSize: 50,
    editionsLeft: 0,
  }),
];

/** A stored drop from a request, as the API would answer it. */
export function consoleDrop(
  id: string,
  request: TConsoleDropRequest,
  changes: Partial<TConsoleDrop> = {},
): TConsoleDrop {
  let next = 1;
  const at = '2026-11-01T00:00:00.000Z';
  const drop: TConsoleDrop = {
    id,
    brand: summaryOf(request.brandId),
    name: request.name,
    description: request.description,
    imageUrl: request.imageUrl,
    visibleAt: request.visibleAt,
    dropBeginAt: request.dropBeginAt,
    dropEndAt: request.dropEndAt,
    editionsPerPack: request.editionsPerPack,
    contents: request.contents.map((content) => {
      const product = consoleProducts.find((entry) => entry.id === content.productId)!;
      return {
        productId: content.productId,
        productName: product.name,
        rarity: product.rarity,
        editionCount: content.editionCount,
        firstSerialNumber: null,
      };
    }),
    rounds: request.rounds.map((round) => {
      const begin = next;
      next += round.packCount;
      return {
        id: `0190a0b0-0000-7000-8000-0000000${id.slice(-2)}${String(round.round).padStart(3, '0')}`,
        round: round.round,
        saleBeginAt: round.saleBeginAt,
        saleEndAt: round.saleEndAt,
        price: { amount: round.price, currency: 'USD' },
        perPersonLimit: round.perPersonLimit,
        packCount: round.packCount,
        beginIssuedPackNumber: begin,
        endIssuedPackNumber: next - 1,
        soldCount: 0,
        heldCount: 0,
        whitelist: round.whitelist,
        requiredPass: round.requiredPassId ? { id: round.requiredPassId, name: 'Neon Season Pass' } : null,
        passGuarantee: round.passGuarantee
          ? {
              pass: { id: round.passGuarantee.passId, name: 'Neon Season Pass' },
              packsPerHolder: round.passGuarantee.packsPerHolder,
              packCount: round.passGuarantee.packsPerHolder * 100,
              minutes: round.passGuarantee.minutes,
              endsAt: new Date(Date.parse(round.saleBeginAt) + round.passGuarantee.minutes * 60_000).toISOString(),
            }
          : null,
        isRaffle: false,
        hasWaitingRoom: false,
      };
    }),
    // The gift round comes after the sale rounds, its packs numbered after theirs (decision record 36).
    giftRound: request.giftRound
      ? {
          id: `0190a0b0-0000-7000-8000-0000000${id.slice(-2)}999`,
          round: request.rounds.length + 1,
          packCount: request.giftRound.packCount,
          beginIssuedPackNumber: next,
          endIssuedPackNumber: next + request.giftRound.packCount - 1,
          givenCount: 0,
        }
      : null,
    publicationStatus: 'DRAFT',
    publication: null,
    status: 'NONE',
    commitment: null,
    publishedAt: null,
    counts: { dropCount: next - 1, soldCount: 0, heldCount: 0 },
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
  return { ...drop, status: dropStatusAt(drop, new Date()) };
}

/** A request for a drop of Neon Arcade: 100 packs of 2 over two rounds, the second for a whitelist. */
export function dropRequest(changes: Partial<TConsoleDropRequest> = {}): TConsoleDropRequest {
  const now = Date.now();
  return {
    brandId: ids.neonArcade,
    name: 'Neon Genesis',
    description: 'The first packs.',
    imageUrl: '/uploads/neon-genesis.webp',
    visibleAt: inHours(1, now),
    dropBeginAt: inHours(24, now),
    dropEndAt: inHours(24 + 3 * 24, now),
    editionsPerPack: 2,
    contents: [
      { productId: ids.dragon, editionCount: 10 },
      { productId: ids.squire, editionCount: 190 },
    ],
    rounds: [
      {
        round: 1,
        saleBeginAt: inHours(24, now),
        saleEndAt: inHours(48, now),
        price: 1_250,
        perPersonLimit: 2,
        packCount: 60,
        whitelist: null,
        requiredPassId: null,
        passGuarantee: null,
      },
      {
        round: 2,
        saleBeginAt: inHours(48, now),
        saleEndAt: inHours(24 + 3 * 24, now),
        price: 1_500,
        perPersonLimit: null,
        packCount: 40,
        whitelist: { name: 'Early fans', emails: ['ada@example.com', 'bob@example.com'] },
        requiredPassId: null,
        passGuarantee: null,
      },
    ],
    ...changes,
  };
}

/** The API's limit for publishing in the request (apps/api publish-drop.ts). */
const INLINE_PUBLISH_MAX_EDITIONS = 20_000;

/** A drop whose packs are being written, `packsWritten` of them so far (its commitment is fixed from the first). */
export function publishingDrop(drop: TConsoleDrop, packsWritten: number): TConsoleDrop {
  return {
    ...drop,
    publicationStatus: 'PUBLISHING',
    publication: { packsWritten, packTotal: drop.counts.dropCount },
    commitment: packsWritten > 0 ? 'a3f1c2'.padEnd(64, '0') : null,
    publishedAt: null,
    updatedAt: new Date().toISOString(),
  };
}

/** A drop as `GET /v1/console/drops` lists it: without its contents and rounds, with how many rounds. */
export function listItem({ contents: _c, rounds, description: _d, ...drop }: TConsoleDrop): TConsoleDropListItem {
  return { ...drop, roundCount: rounds.length };
}

interface ConsoleDropsApiOptions {
  me?: TConsoleMe;
  /** Answers a request before the in-memory API does (a refusal, a failure); undefined lets it through. */
  before?: (request: SentRequest) => Response | undefined;
}

/** Signs in as `me` (an admin unless told) over the in-memory API holding `drops`; returns the requests it saw. */
export function consoleDropsApi(drops: TConsoleDrop[], { me = admin, before }: ConsoleDropsApiOptions = {}) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const managed = (brandId: string) => me.isAdmin || me.brands.some((entry) => entry.id === brandId);
  const forbidden = () => apiFailure(403, 'FORBIDDEN', errorCatalogue.FORBIDDEN.message);

  function invalid(request: unknown) {
    const parsed = ZConsoleDropRequest.safeParse(request);
    if (parsed.success) return { request: parsed.data };
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    return {
      failure: json(400, { code: 'INVALID_REQUEST', message: errorCatalogue.INVALID_REQUEST.message, details }),
    };
  }

  return stubApi((request) => {
    const early = before?.(request);
    if (early) return early;
    const path = pathnameOf(request.path);
    const query = queryOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me') return json(200, { data: me });
    if (path === '/v1/console/brands') {
      const items = brands.filter((entry) => managed(entry.id));
      return json(200, { data: { items, page: 1, size: 100, total: items.length } });
    }
    if (path === '/v1/console/products') {
      const q = query.get('q')?.toLowerCase();
      const items = consoleProducts.filter(
        (product) =>
          managed(product.brand.id) &&
          (!query.get('brandId') || product.brand.id === query.get('brandId')) &&
          (!q || product.name.toLowerCase().includes(q)),
      );
      const size = Number(query.get('size') ?? 20);
      return json(200, { data: { items: items.slice(0, size), page: 1, size, total: items.length } });
    }
    if (path === '/v1/console/media' && request.method === 'POST') {
      return json(201, {
        data: {
          url: '/uploads/artwork.webp',
          width: 1200,
          height: 1200,
          contentType: 'image/webp',
          thumbnailUrl: null,
        },
      });
    }
    if (path === '/v1/console/drops' && request.method === 'GET') {
      const matching = drops.filter(
        (drop) =>
          managed(drop.brand.id) &&
          (!query.get('status') || drop.publicationStatus === query.get('status')) &&
          (!query.get('brandId') || drop.brand.id === query.get('brandId')) &&
          (!query.get('hasGiftRound') || (drop.giftRound !== null) === (query.get('hasGiftRound') === 'true')),
      );
      const items = matching.map(listItem);
      return json(200, { data: { items, page: 1, size: Number(query.get('size') ?? 20), total: items.length } });
    }
    if (path === '/v1/console/drops' && request.method === 'POST') {
      const checked = invalid(request.body);
      if (checked.failure) return checked.failure;
      if (!managed(checked.request.brandId)) return forbidden();
      const created = consoleDrop(consoleDropIds.created, checked.request);
      drops.unshift(created);
      return json(201, { data: created });
    }
    const one = /^\/v1\/console\/drops\/([^/]+)(\/publish)?$/.exec(path);
    if (one) {
      const index = drops.findIndex((drop) => drop.id === one[1]);
      const found = drops[index];
      if (!found) return apiFailure(404, 'DROP_NOT_FOUND', errorCatalogue.DROP_NOT_FOUND.message);
      if (!managed(found.brand.id)) return forbidden();
      if (request.method === 'GET' && !one[2]) {
        // A publication moves on between reads: half the packs each time it is read, then PUBLISHED.
        if (found.publicationStatus === 'PUBLISHING' && found.publication) {
          const { packsWritten, packTotal } = found.publication;
          const next = Math.min(packTotal, packsWritten + Math.ceil(packTotal / 2));
          drops[index] =
            next < packTotal
              ? publishingDrop(found, next)
              : {
                  ...publishingDrop(found, next),
                  publicationStatus: 'PUBLISHED',
                  publishedAt: new Date().toISOString(),
                };
        }
        return json(200, { data: drops[index] });
      }
      if (found.publicationStatus !== 'DRAFT') {
        return apiFailure(409, 'DROP_ALREADY_PUBLISHED', errorCatalogue.DROP_ALREADY_PUBLISHED.message);
      }
      if (request.method === 'DELETE' && !one[2]) {
        drops.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      if (request.method === 'PUT') {
        const checked = invalid(request.body);
        if (checked.failure) return checked.failure;
        drops[index] = consoleDrop(found.id, checked.request, { updatedAt: new Date().toISOString() });
        return json(200, { data: drops[index] });
      }
      if (request.method === 'POST' && one[2]) {
        const packTotal = found.counts.dropCount;
        const editions = found.contents.reduce((sum, content) => sum + content.editionCount, 0);
        const contents = found.contents.map((content, position) => ({
          ...content,
          firstSerialNumber: 1 + position * 1000,
        }));
        // As the API: a small drop is written in the request, a large one answers 202 and a job writes it.
        if (editions > INLINE_PUBLISH_MAX_EDITIONS) {
          const publishing = publishingDrop({ ...found, contents }, 0);
          drops[index] = publishing;
          return json(202, { data: publishing });
        }
        const published = {
          ...found,
          publicationStatus: 'PUBLISHED' as const,
          publication: { packsWritten: packTotal, packTotal },
          commitment: 'a3f1c2'.padEnd(64, '0'),
          publishedAt: new Date().toISOString(),
          updatedAt: new Date(Date.now() + 1).toISOString(),
          contents,
        };
        drops[index] = published;
        return json(200, { data: published });
      }
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}
