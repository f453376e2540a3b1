import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';
import type { TWebRoutePath } from '@cypher/contract';
import { readInProcess } from '../../http/in-process-read.ts';

/*
 * Route: every page of the web app the browser renders (http/web-app.ts asks before sending its shell) · Reads:
 * through the public API, the one read each entity page's address names · UI: the page's own not-found state ·
 * Tests: site.test.ts.
 */

type TParams = Record<string, string | undefined>;

interface TPageSubject {
  /** The public read its page makes for the thing its address names. */
  read: (params: TParams) => string;
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
  '/pass/:id': { read: byId('id', (id) => `/v1/passes/${id}`) },
  '/collections/:id': { read: byId('id', (id) => `/v1/collections/${id}`) },
  '/collections/:id/figure_base/:baseId/editions': {
    read: byId('baseId', (id) => `/v1/figure-base-collections/${id}`),
  },
  '/products/nfts/:id': { read: byId('id', (id) => `/v1/editions/${id}`) },
  '/licenses/:id': { read: byId('id', (id) => `/v1/licenses/${id}`) },
  '/users/:id': { read: byId('id', (id) => `/v1/users/${id}`) },
  '/fusions/:id': { read: byId('id', (id) => `/v1/fusions/${id}`) },
  '/fusions/:id/slots': { read: byId('id', (id) => `/v1/fusions/${id}`) },
  '/drops/:id/provenance': { read: byId('id', (id) => `/v1/drops/${id}/provenance`) },
  '/drops/:id/raffle/:roundId': {
    read: byId('roundId', (id) => `/v1/raffles/${id}`),
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
 * Whether the page at `url` names nothing, as the page itself reads it (the web's api-error.ts, namesNothing): its
 * subject's public read answers 404 (a collection, a pass, a collector that does not exist or is not public), refuses
 * the id as no id at all, or finds a thing the rest of the address does not name. Such a page is answered 404 with `noindex`, where its shell went out as a 200 that
 * search engines list as a page (a soft 404); the browser still draws the page's own "not found" state. The read goes
 * through the whole HTTP pipeline in process, as a visitor (no Authorization, no cookie), and is one of the public
 * answers kept for a second (decision record 18). Any other answer, a failure included, leaves the page as it was:
 * this must never turn a page away for our own fault.
 */
export function pageSubjects(app: FastifyInstance) {
  const pages = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  for (const [path, subject] of Object.entries(subjects)) pages.on('GET', path, () => undefined, subject);

  return async (url: string, log: FastifyBaseLogger): Promise<boolean> => {
    const match = pages.find('GET', url.split('?')[0] ?? url);
    if (!match) return false;
    const subject = match.store as TPageSubject;
    try {
      const answer = await readInProcess(app, subject.read(match.params));
      if (answer.statusCode === 200 && subject.isNamedBy) {
        return !subject.isNamedBy((answer.json() as { data: unknown }).data, match.params);
      }
      return answer.statusCode === 404 || (answer.statusCode === 400 && refusesOnlyTheId(answer.json()));
    } catch (error) {
      log.warn({ err: error, url }, "a page's subject could not be read; the page is served as it is");
      return false;
    }
  };
}
