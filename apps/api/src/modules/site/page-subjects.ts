import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';
import {
  collectionPageMeta,
  collectorPageMeta,
  editionPageMeta,
  figureBasePageMeta,
  fusionPageMeta,
  fusionSlotsPageMeta,
  licensePageMeta,
  notFoundPageMeta,
  passPageMeta,
  raffleDrawPageMeta,
  type TCollection,
  type TEditionDetail,
  type TFigureBaseDetail,
  type TFusion,
  type TLicense,
  type TPageMeta,
  type TPass,
  type TPublicUser,
  type TRaffleDraw,
  type TWebRoutePath,
} from '@cypher/contract';
import { readInProcess } from '../../http/in-process-read.ts';

/*
 * Route: every page of the web app the browser renders (http/web-app.ts asks before sending its shell) · Reads:
 * through the public API, the one read each entity page's address names · UI: the page's own PageMeta (the contract's
 * subject-page-meta.ts) and not-found state · Tests: site.test.ts, http/web-app.test.ts.
 */

type TParams = Record<string, string | undefined>;

interface TPageSubject {
  /** The public read its page makes for the thing its address names. */
  read: (params: TParams) => string;
  /** What its page calls that thing when the address names nothing: "fusion" is "Fusion not found". */
  what: string;
  /**
   * What its page says about the thing it read (its PageMeta), where the read names and pictures it; `query` is the
   * address's, for a page whose title names the screen it opens on.
   */
  meta?: (data: unknown, brandName: string, query: URLSearchParams) => TPageMeta;
  /**
   * Whether what the read found is the one the whole address names, where the address names it twice (a raffle
   * round under its drop): a round of another drop is not a page of this one.
   */
  isNamedBy?: (data: unknown, params: TParams) => boolean;
}

const byId = (param: string, path: (id: string) => string) => (params: TParams) =>
  path(encodeURIComponent(params[param] ?? ''));

/**
 * For each page that shows one thing named in its address and is drawn by the browser alone: the public read its
 * page makes for that thing. The pages rendered on the server (a drop, a product, a brand, an NFT at `/nfts/:id`)
 * say 404 themselves (entry-server.tsx).
 */
const subjects: Partial<Record<TWebRoutePath, TPageSubject>> = {
  '/pass/:id': {
    read: byId('id', (id) => `/v1/passes/${id}`),
    what: 'pass',
    meta: (data) => passPageMeta(data as TPass),
  },
  '/collections/:id': {
    read: byId('id', (id) => `/v1/collections/${id}`),
    what: 'collection',
    meta: (data) => collectionPageMeta(data as TCollection),
  },
  '/collections/:id/figure_base/:baseId/editions': {
    read: byId('baseId', (id) => `/v1/figure-base-collections/${id}`),
    what: 'figure base',
    meta: (data) => figureBasePageMeta(data as TFigureBaseDetail),
  },
  '/products/nfts/:id': {
    read: byId('id', (id) => `/v1/editions/${id}`),
    what: 'collectible',
    meta: (data) => editionPageMeta(data as TEditionDetail),
  },
  '/licenses/:id': {
    read: byId('id', (id) => `/v1/licenses/${id}`),
    what: 'license',
    meta: (data) => licensePageMeta(data as TLicense),
  },
  '/users/:id': {
    read: byId('id', (id) => `/v1/users/${id}`),
    what: 'collector',
    meta: (data, brandName) => collectorPageMeta(data as TPublicUser, brandName),
  },
  '/fusions/:id': {
    read: byId('id', (id) => `/v1/fusions/${id}`),
    what: 'fusion',
    meta: (data) => fusionPageMeta(data as TFusion),
  },
  '/fusions/:id/slots': {
    read: byId('id', (id) => `/v1/fusions/${id}`),
    what: 'fusion',
    // With a run in its address the page first shows "Fusion" while it reads that run (its outcome is the fuser's own,
    // which this visitor's read cannot see), then "Fusion complete" or "Fusion not completed".
    meta: (data, _brandName, query) => fusionSlotsPageMeta(data as TFusion, query.get('run') ? 'Fusion' : undefined),
  },
  // Its page names the drop, which this read does not: it keeps the site's head until its script runs.
  '/drops/:id/provenance': { read: byId('id', (id) => `/v1/drops/${id}/provenance`), what: 'drop' },
  '/drops/:id/raffle/:roundId': {
    read: byId('roundId', (id) => `/v1/raffles/${id}`),
    what: 'raffle draw',
    meta: (data) => raffleDrawPageMeta(data as TRaffleDraw),
    isNamedBy: (data, { id }) => isRaffleOfDrop(data, id),
  },
};

/** The web's raffle page asks the same (raffle-draw-page.tsx). Ids compare as the API reads them, in any case. */
function isRaffleOfDrop(data: unknown, dropId: string | undefined): boolean {
  const raffle = data as { dropId?: unknown } | null;
  return typeof raffle?.dropId === 'string' && raffle.dropId.toLowerCase() === dropId?.toLowerCase();
}

/**
 * A validation refusal of the address's ids alone (not ids at all: `id`, `roundId`): it names nothing, as the web reads
 * it too.
 */
function refusesOnlyTheId(body: { code?: string; details?: { field?: string }[] | null }): boolean {
  const details = body.details ?? [];
  return (
    body.code === 'INVALID_REQUEST' &&
    details.length > 0 &&
    details.every((detail) => /^(id|\w+Id)$/.test(detail.field ?? ''))
  );
}

/**
 * What the page at `url` says about the one thing its address names, as the page itself will (its PageMeta), so its
 * shell's title, description and social card are the thing's: a shared link previews it, and nothing changes once
 * the page's script runs. When the address names nothing, as the page itself reads it (the web's api-error.ts,
 * namesNothing), it says so ("Fusion not found", `isNotFound`): its subject's public read answers 404 (a collection,
 * a pass, a collector that does not exist or is not public), refuses the id as no id at all, or finds a thing the rest
 * of the address does not name. Such a page is answered 404 with `noindex`, where its shell went out as a 200 that
 * search engines list as a page (a soft 404); the browser still draws the page's own "not found" state. The read goes
 * through the whole HTTP pipeline in process, as a visitor (no Authorization, no cookie), and is one of the public
 * answers kept for a second (decision record 18). Null for a page that names no one thing, and for any other answer,
 * a failure included: the page is served as it was, never turned away for our own fault.
 */
export function pageSubjects(app: FastifyInstance, brandName: string) {
  const pages = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  for (const [path, subject] of Object.entries(subjects)) pages.on('GET', path, () => undefined, subject);

  return async (url: string, log: FastifyBaseLogger): Promise<TPageMeta | null> => {
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : url.slice(queryStart + 1);
    const match = pages.find('GET', path);
    if (!match) return null;
    const subject = match.store as TPageSubject;
    try {
      const answer = await readInProcess(app, subject.read(match.params));
      if (answer.statusCode === 200) {
        const { data } = answer.json<{ data: unknown }>();
        if (subject.isNamedBy && !subject.isNamedBy(data, match.params)) return notFoundPageMeta(subject.what);
        return subject.meta?.(data, brandName, new URLSearchParams(search)) ?? null;
      }
      const namesNothing = answer.statusCode === 404 || (answer.statusCode === 400 && refusesOnlyTheId(answer.json()));
      return namesNothing ? notFoundPageMeta(subject.what) : null;
    } catch (error) {
      log.warn({ err: error, url }, "a page's subject could not be read; the page is served as it is");
      return null;
    }
  };
}
