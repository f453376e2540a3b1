import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDropLiveCounts } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { ttlCache } from '../../../lib/ttl-cache.ts';
import { visibleDrop } from '../get-drop.ts';
import type { TPublicDropParts } from '../public-drop.ts';
import type { DropLive } from './drop-live.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live drop state (app.ts decorates it): watchers, feeds, signals heard. */
    dropLive: DropLive;
  }
}

// An id in capitals is the same drop (and reaches the instances past nginx's fan-out location, which names ids in
// small letters: streamed here, as without the fan-out).
const params = z.object({ id: z.uuid().transform((id) => id.toLowerCase()) });

/** What nginx's request to admit a watcher carries (deploy/nginx.conf.template's live fan-out). */
const ADMIT_HEADER = 'x-cypher-live';

/** How long a client turned away for the cap waits before trying again. */
const FULL_RETRY_AFTER_SECONDS = 30;

/**
 * `GET /v1/drops/{id}/live`: the drop page's counts as server-sent events (decision record 35). The drop is looked up
 * as `GET /v1/drops/{id}` looks it up, so an unknown, unpublished or not yet visible drop answers 404 DROP_NOT_FOUND
 * before any stream starts; past the instance's cap on watchers, 503 LIVE_UPDATES_FULL with Retry-After, and past its
 * cap per address, 429 REQUEST_MAXIMUN with Retry-After (the page keeps reading the drop either way). Then a
 * `counts` event at once (a reconnecting client, Last-Event-ID or not, gets the counts as they are now), one per
 * change (a few a second at most), and a comment every DROP_LIVE_HEARTBEAT_SECONDS so proxies keep the stream open.
 * Nothing here is per person: the same stream for visitors and signed-in people (the viewer's own part stays with
 * `GET /v1/drops/{id}`).
 */
export function dropLiveRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cache = ttlCache<TPublicDropParts | null>(ctx.config.drops.publicCacheMs, {
    now: () => ctx.clock.now().getTime(),
  });
  return async (app) => {
    app.get(
      '/v1/drops/:id/live',
      {
        schema: {
          tags: ['drops'],
          summary:
            'The drop’s counts as server-sent events: a `counts` event now and at each change (sold, left per round, each round’s state); heartbeat comments between',
          params,
          response: {
            200: {
              description:
                'text/event-stream: `event: counts` with `data:` one JSON object per event, as below; `:` lines are heartbeats',
              content: { 'text/event-stream': { schema: ZDropLiveCounts } },
            },
          },
        },
      },
      async (request, reply) => {
        const drop = await visibleDrop(ctx.db, cache, request.params.id, ctx.clock.now());
        const retryLater = { headers: { 'retry-after': String(FULL_RETRY_AFTER_SECONDS) } };
        // nginx asking before it opens a stream it holds itself (its fan-out, nginx-fanout.ts): the drop is known and
        // visible, and nginx has its counts once this answers; nginx then streams them (and caps each address itself).
        if (request.headers[ADMIT_HEADER] === 'admit') {
          // Not without the counts with nginx (drop-feeds.ts), nor from an instance not told where nginx takes them
          // (a configuration that does not match nginx's): the page then keeps reading the drop as it always did.
          const isAdmitted = ctx.dropLive.feeds.isFannedOut() && (await ctx.dropLive.feeds.admit(drop.id));
          if (!isAdmitted) throw new AppError('SERVICE_UNAVAILABLE', retryLater);
          reply.hijack();
          reply.raw.writeHead(204, { 'cache-control': 'no-store' }).end();
          return;
        }
        if (ctx.dropLive.feeds.isFull()) throw new AppError('LIVE_UPDATES_FULL', retryLater);
        if (ctx.dropLive.feeds.isFullFor(request.ip)) throw new AppError('REQUEST_MAXIMUN', retryLater);
        reply.hijack();
        // The headers set so far (request id, security headers), then the stream's own.
        const set = Object.entries(reply.getHeaders()).filter(
          (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
        );
        reply.raw.writeHead(200, {
          ...Object.fromEntries(set),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // nginx (and proxies that honour it) pass each event on at once instead of buffering the stream.
          'x-accel-buffering': 'no',
        });
        ctx.dropLive.feeds.watch(drop.id, reply.raw, request.ip);
      },
    );
  };
}
