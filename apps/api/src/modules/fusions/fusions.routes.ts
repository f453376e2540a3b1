import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsoleFusion,
  ZConsoleFusionListQuery,
  ZConsoleFusionRequest,
  ZData,
  ZFuseRequest,
  ZFusion,
  ZFusionListQuery,
  ZFusionMaterial,
  ZFusionMaterialQuery,
  ZFusionPreview,
  ZFusionPreviewRequest,
  ZFusionRun,
  ZFusionSummary,
  ZPage,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { seenVersionOf } from '../../http/entry-version.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { operatorOf } from '../../http/operator-guard.ts';
import { fuse } from './fuse.ts';
import { getMyFusionRun } from './get-fusion-run.ts';
import { previewFusion } from './preview-fusion.ts';
import { getConsoleFusion, getFusion, listConsoleFusions, listFusions, listSlotMaterials } from './read-fusions.ts';
import { closeFusion } from './close-fusion.ts';
import { deleteFusion } from './delete-fusion.ts';
import { publishFusion } from './publish-fusion.ts';
import { createFusion, updateFusion } from './write-fusion.ts';

const tags = ['fusions'];
const ZIdParams = z.object({ id: z.uuid() });

/**
 * Fusions (spec section 7: /fusions, /fusions/{id}, /fusions/{id}/slots/{slotId}/materials): public reads (a signed-in
 * caller sees how many of their editions fit each slot), the caller's materials, and fusing. The console's routes
 * are in consoleFusionsRoutes.
 */
export function fusionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/fusions',
      {
        schema: {
          tags,
          summary: 'Fusions by brand, category and status',
          querystring: ZFusionListQuery,
          response: { 200: ZData(ZPage(ZFusionSummary)) },
        },
      },
      async (request) => ({ data: await listFusions(ctx.db, request.query, ctx.clock.now()) }),
    );

    app.get(
      '/v1/fusions/:id',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'A fusion: what it makes, what it needs, how many are left, and my readiness per slot',
          params: ZIdParams,
          response: { 200: ZData(ZFusion) },
        },
      },
      async (request) => ({
        data: await getFusion(ctx.db, request.params.id, request.principal?.userId ?? null, ctx.clock.now()),
      }),
    );

    app.get(
      '/v1/fusions/:id/slots/:slotId/materials',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My editions that fit a slot, the protected ones marked',
          params: z.object({ id: z.uuid(), slotId: z.uuid() }),
          querystring: ZFusionMaterialQuery,
          response: { 200: ZData(ZPage(ZFusionMaterial)) },
        },
      },
      async (request) => ({
        data: await listSlotMaterials(ctx.db, {
          fusionId: request.params.id,
          slotId: request.params.slotId,
          userId: principalOf(request).userId,
          page: request.query,
        }),
      }),
    );

    app.get(
      '/v1/fusions/:id/runs/:runId',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'One of my fusions of this fusion: the edition it gave and what it burned',
          params: z.object({ id: z.uuid(), runId: z.uuid() }),
          response: { 200: ZData(ZFusionRun) },
        },
      },
      async (request) => ({
        data: await getMyFusionRun(ctx.db, principalOf(request).userId, request.params.id, request.params.runId),
      }),
    );

    app.post(
      '/v1/fusions/:id/fuse',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Burn the chosen editions and receive the result (Idempotency-Key)',
          params: ZIdParams,
          body: ZFuseRequest,
          response: { 201: ZData(ZFusionRun) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await fuse(
            ctx,
            principalOf(request).userId,
            request.params.id,
            request.body,
            idempotentRequestOf(request),
          ),
        }),
    );
  };
}

/**
 * /v1/console/fusions, registered under the console's operator guard (console.routes.ts): fusions are made as drafts,
 * changed, published once or deleted while still drafts, and closed early once open (decision record 50).
 */
export function consoleFusionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const consoleTags = ['console'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/v1/console/fusions',
      {
        schema: {
          tags: consoleTags,
          summary: "Fusions of this operator's brands",
          security,
          querystring: ZConsoleFusionListQuery,
          response: { 200: ZData(ZPage(ZConsoleFusion)) },
        },
      },
      async (request) => ({
        data: await listConsoleFusions(ctx.db, request.query, operatorOf(request), ctx.clock.now()),
      }),
    );

    app.get(
      '/v1/console/fusions/:id',
      {
        schema: {
          tags: consoleTags,
          summary: 'A fusion',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleFusion) },
        },
      },
      async (request) => ({
        data: await getConsoleFusion(ctx.db, operatorOf(request), request.params.id, ctx.clock.now()),
      }),
    );

    app.post(
      '/v1/console/fusions',
      {
        schema: {
          tags: consoleTags,
          summary: 'Create a fusion as a draft; its results are minted when it is published',
          security,
          body: ZConsoleFusionRequest,
          response: { 201: ZData(ZConsoleFusion) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createFusion(ctx, operatorOf(request), request.body) }),
    );

    app.put(
      '/v1/console/fusions/:id',
      {
        schema: {
          tags: consoleTags,
          summary:
            'Change a draft fusion, or a published one before it begins (not its result or supply; If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZConsoleFusionRequest,
          response: { 200: ZData(ZConsoleFusion) },
        },
      },
      async (request) => ({
        data: await updateFusion(ctx, operatorOf(request), request.params.id, request.body, seenVersionOf(request)),
      }),
    );

    app.delete(
      '/v1/console/fusions/:id',
      {
        schema: {
          tags: consoleTags,
          summary: 'Delete a draft fusion with its slots (FUSION_ALREADY_PUBLISHED once published)',
          security,
          params: ZIdParams,
        },
      },
      async (request, reply) => {
        await deleteFusion(ctx, operatorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/v1/console/fusions/:id/publish',
      {
        schema: {
          tags: consoleTags,
          summary:
            'Publish a draft fusion, once: collectors see it and its results are minted (FUSION_ALREADY_PUBLISHED after)',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleFusion) },
        },
      },
      async (request) => ({ data: await publishFusion(ctx, operatorOf(request), request.params.id) }),
    );

    app.post(
      '/v1/console/fusions/:id/close',
      {
        schema: {
          tags: consoleTags,
          summary: 'Close an open fusion now: its end becomes now (FUSION_ALREADY_ENDED once over)',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleFusion) },
        },
      },
      async (request) => ({ data: await closeFusion(ctx, operatorOf(request), request.params.id) }),
    );

    app.post(
      '/v1/console/fusions/preview',
      {
        schema: {
          tags: consoleTags,
          summary: 'Which editions in collections fit each slot rule',
          security,
          body: ZFusionPreviewRequest,
          response: { 200: ZData(ZFusionPreview) },
        },
      },
      async (request) => ({ data: await previewFusion(ctx.db, operatorOf(request), request.body) }),
    );
  };
}
