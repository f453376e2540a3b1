import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClaimLog,
  ZClaimLogQuery,
  ZData,
  ZDrop,
  ZDropProvenance,
  ZDropReminder,
  ZDropReminderQuery,
  ZDropReminderRequest,
  ZDropsQuery,
  ZPage,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import {
  cacheLive,
  cacheLiveForVisitors,
  LIVE_PUBLIC_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  sendCacheable,
} from '../../http/public-cache.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { getClaimLog } from './claim-log/get-claim-log.ts';
import { getDrop, visibleDrop } from './get-drop.ts';
import { getDropProvenance } from './get-drop-provenance.ts';
import { listDrops } from './list-drops.ts';
import type { TPublicDropParts } from './public-drop.ts';
import { cancelDropReminders } from './reminders/cancel-drop-reminders.ts';
import { setDropReminder } from './reminders/set-drop-reminder.ts';

const tags = ['drops'];
const params = z.object({ id: z.uuid() });

/**
 * The public drop pages' reads. Freshness: "correct within a second of a purchase". Each process keeps a drop's public
 * part (rounds, sold counts, contents) at most `drops.publicCacheMs` (1 s), sharing one database read among everyone
 * asking in that second; status and sold-out state are recomputed per request from it. Browsers and CDNs may keep a
 * visitor's answer 1 s (Cache-Control: public, max-age=1, with an ETag). A signed-in caller's answer carries their own
 * part (viewer), read per request and never cached anywhere.
 *
 * "Remind me" (issue 22): POST and DELETE /v1/drops/{id}/reminders, the caller's reminder of a round not open yet.
 *
 * Registered elsewhere: the console's drop routes (console-drops.routes.ts, under /v1/console); outside production,
 * POST /dev/drop-reminders/send (reminders/dev-drop-reminders.routes.ts).
 */
export function dropsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cache = ttlCache<TPublicDropParts | null>(ctx.config.drops.publicCacheMs, {
    now: () => ctx.clock.now().getTime(),
  });
  const cypUnit = { cypPerUsd: ctx.config.wallet.cypPerUsd, minorUnits: ctx.config.wallet.cypMinorUnits };
  return async (app) => {
    app.get(
      '/v1/drops',
      {
        onSend: cacheLive,
        schema: {
          tags,
          summary: 'Visible drops: NEXT soonest first, AVAILABLE newest first, COMPLETED most recently ended first',
          querystring: ZDropsQuery,
          response: { 200: ZData(ZPage(ZDrop)) },
        },
      },
      async (request) => ({ data: await listDrops(ctx.db, cache, ctx.clock.now(), request.query, cypUnit) }),
    );

    app.get(
      '/v1/drops/:id',
      {
        onRequest: ctx.guard.optionalAuth,
        onSend: cacheLiveForVisitors,
        schema: {
          tags,
          summary: 'A drop with its rounds, counts and contents; signed in, also your whitelist state and allowance',
          params,
          response: { 200: ZData(ZDrop) },
        },
      },
      async (request) => ({
        data: await getDrop(
          ctx.db,
          cache,
          ctx.clock.now(),
          request.params.id,
          request.principal?.userId ?? null,
          cypUnit,
        ),
      }),
    );

    app.post(
      '/v1/drops/:id/reminders',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Remind me when a round opens (that round, or the next one I may buy in): 201 new, 200 already set',
          params,
          // No body at all asks for the next round, as `{}` does.
          body: ZDropReminderRequest.nullish(),
          response: { 200: ZData(ZDropReminder), 201: ZData(ZDropReminder) },
        },
      },
      async (request, reply) => {
        const now = ctx.clock.now();
        const drop = await visibleDrop(ctx.db, cache, request.params.id, now);
        const userId = principalOf(request).userId;
        const { reminder, isCreated } = await setDropReminder(ctx, drop, userId, request.body ?? {}, now);
        return reply.status(isCreated ? 201 : 200).send({ data: reminder });
      },
    );

    app.delete(
      '/v1/drops/:id/reminders',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Cancel my reminders of this drop not sent yet (of one round with ?policyId=)',
          params,
          querystring: ZDropReminderQuery,
        },
      },
      async (request, reply) => {
        const drop = await visibleDrop(ctx.db, cache, request.params.id, ctx.clock.now());
        const userId = principalOf(request).userId;
        await cancelDropReminders(ctx.db, { dropId: drop.id, userId, policyId: request.query.policyId });
        return reply.status(204).send();
      },
    );

    app.get(
      '/v1/drops/:id/provenance',
      {
        onSend: cacheProvenance,
        schema: {
          tags,
          summary: 'The provenance commitment; once the drop is completed, the seed and every pack’s contents',
          params,
          response: { 200: ZData(ZDropProvenance) },
        },
      },
      async (request, reply) => {
        const provenance = await getDropProvenance(ctx.db, cache, ctx.clock.now(), request.params.id, ctx.seedKey);
        // Revealed provenance never changes again (a minute's cache); before the reveal, a second, so it shows on time.
        reply.header('cache-control', provenance.isRevealed ? PUBLIC_CACHE_CONTROL : LIVE_PUBLIC_CACHE_CONTROL);
        return { data: provenance };
      },
    );

    app.get(
      '/v1/drops/:id/claim-log',
      {
        onSend: cacheLive,
        schema: {
          tags,
          summary: 'The claim log: its sealed head while the drop sells; its entries, a page at a time, once revealed',
          params,
          querystring: ZClaimLogQuery,
          response: { 200: ZData(ZClaimLog) },
        },
      },
      async (request) => ({ data: await getClaimLog(ctx.db, request.params.id, request.query, ctx.clock.now()) }),
    );
  };
}

/** sendCacheable with the Cache-Control the handler chose. */
async function cacheProvenance(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  return sendCacheable(request, reply, payload, String(reply.getHeader('cache-control') ?? LIVE_PUBLIC_CACHE_CONTROL));
}
