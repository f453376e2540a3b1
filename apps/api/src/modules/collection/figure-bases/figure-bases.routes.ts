import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZData,
  ZEquipRequest,
  ZFigureBase,
  ZFigureBaseDetail,
  ZFigureBaseListQuery,
  ZPage,
  ZUnequipRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { equipEdition } from './equip-edition.ts';
import { getFigureBase } from './get-figure-base.ts';
import { listFigureBases } from './list-figure-bases.ts';
import { unequipEdition } from './unequip-edition.ts';

const tags = ['collection'];
const ZIdParams = z.object({ id: z.uuid() });

/**
 * Figure-base collections (spec section 7): public reads, which a signed-in caller sees with their own placements and
 * candidates, and equip/unequip of the caller's editions. The console's routes are in console-figure-bases.routes.ts.
 */
export function figureBasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/figure-base-collections',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'Figure bases of public collections, newest first, with how many slots I have filled',
          querystring: ZFigureBaseListQuery,
          response: { 200: ZData(ZPage(ZFigureBase)) },
        },
      },
      async (request) => ({
        data: await listFigureBases(ctx.db, request.query, request.principal?.userId ?? null),
      }),
    );

    app.get(
      '/v1/figure-base-collections/:id',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: 'A figure base: its slots, what I have standing in them, and my editions that fit',
          params: ZIdParams,
          response: { 200: ZData(ZFigureBaseDetail) },
        },
      },
      async (request) => ({
        data: await getFigureBase(ctx.db, request.params.id, request.principal?.userId ?? null),
      }),
    );

    app.post(
      '/v1/figure-base-collections/:id/equip',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Put my edition into a slot of the figure base',
          params: ZIdParams,
          body: ZEquipRequest,
          response: { 200: ZData(ZFigureBaseDetail) },
        },
      },
      async (request) => ({
        data: await equipEdition(ctx, principalOf(request).userId, request.params.id, request.body),
      }),
    );

    app.post(
      '/v1/figure-base-collections/:id/unequip',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Take my edition off the figure base',
          params: ZIdParams,
          body: ZUnequipRequest,
          response: { 200: ZData(ZFigureBaseDetail) },
        },
      },
      async (request) => ({
        data: await unequipEdition(ctx, principalOf(request).userId, request.params.id, request.body),
      }),
    );
  };
}
