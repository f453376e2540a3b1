import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';
import type { TWebRoutePath } from '@cypher/contract';

/*
 * Route: every page of the web app the browser renders (http/web-app.ts asks before sending its shell) · Reads:
 * through the public API, the one read each entity page's address names · UI: the page's own not-found state ·
 * Tests: site.test.ts.
 */

type TParams = Record<string, string | undefined>;

/**
 * For each page that shows one thing named in its address and is drawn by the browser alone: the public read its
 * page makes for that thing. The pages rendered on the server (a drop, a product, a brand, an NFT at `/nfts/:id`)
 * say 404 themselves (entry-server.tsx).
 */
const subjectReads: Partial<Record<TWebRoutePath, (params: TParams) => string>> = {
  '/pass/:id': ({ id }) => `/v1/passes/${encodeURIComponent(id ?? '')}`,
  '/collections/:id': ({ id }) => `/v1/collections/${encodeURIComponent(id ?? '')}`,
  '/collections/:id/figure_base/:baseId/editions': ({ baseId }) =>
    `/v1/figure-base-collections/${encodeURIComponent(baseId ?? '')}`,
  '/products/nfts/:id': ({ id }) => `/v1/editions/${encodeURIComponent(id ?? '')}`,
  '/licenses/:id': ({ id }) => `/v1/licenses/${encodeURIComponent(id ?? '')}`,
  '/users/:id': ({ id }) => `/v1/users/${encodeURIComponent(id ?? '')}`,
  '/fusions/:id': ({ id }) => `/v1/fusions/${encodeURIComponent(id ?? '')}`,
  '/fusions/:id/slots': ({ id }) => `/v1/fusions/${encodeURIComponent(id ?? '')}`,
  '/drops/:id/provenance': ({ id }) => `/v1/drops/${encodeURIComponent(id ?? '')}/provenance`,
  '/drops/:id/raffle/:roundId': ({ roundId }) => `/v1/raffles/${encodeURIComponent(roundId ?? '')}`,
};

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
 * subject's public read answers 404 (a collection, a pass, a collector that does not exist or is not public), or
 * refuses the id as no id at all. Such a page is answered 404 with `noindex`, where its shell went out as a 200 that
 * search engines list as a page (a soft 404); the browser still draws the page's own "not found" state. The read goes
 * through the whole HTTP pipeline in process, as a visitor (no Authorization, no cookie), and is one of the public
 * answers kept for a second (decision record 18). Any other answer, a failure included, leaves the page as it was:
 * this must never turn a page away for our own fault.
 */
export function pageSubjects(app: FastifyInstance) {
  const pages = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  for (const [path, read] of Object.entries(subjectReads)) pages.on('GET', path, () => undefined, { read });

  return async (url: string, log: FastifyBaseLogger): Promise<boolean> => {
    const match = pages.find('GET', url.split('?')[0] ?? url);
    if (!match) return false;
    const { read } = match.store as { read: (params: TParams) => string };
    try {
      const answer = await app.inject({ method: 'GET', url: read(match.params) });
      return answer.statusCode === 404 || (answer.statusCode === 400 && refusesOnlyTheId(answer.json()));
    } catch (error) {
      log.warn({ err: error, url }, "a page's subject could not be read; the page is served as it is");
      return false;
    }
  };
}
