import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCursorQuery, ZData, ZNotificationsPage } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead, markNotificationRead } from './mark-notifications-read.ts';

const tags = ['notifications'];

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/notifications',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My notifications, newest first (cursor), with the unread count',
          querystring: ZCursorQuery,
          response: { 200: ZData(ZNotificationsPage) },
        },
      },
      async (request) => ({ data: await listNotifications(ctx.db, principalOf(request).userId, request.query) }),
    );

    app.post(
      '/v1/notifications/read-all',
      { onRequest: ctx.guard.requireAuth, schema: { tags, summary: 'Mark all my notifications read' } },
      async (request, reply) => {
        await markAllNotificationsRead(ctx.db, principalOf(request).userId, ctx.clock.now());
        return reply.status(204).send();
      },
    );

    app.post(
      '/v1/notifications/:id/read',
      {
        onRequest: ctx.guard.requireAuth,
        schema: { tags, summary: 'Mark one of my notifications read', params: z.object({ id: z.uuid() }) },
      },
      async (request, reply) => {
        await markNotificationRead(ctx.db, principalOf(request).userId, request.params.id, ctx.clock.now());
        return reply.status(204).send();
      },
    );
  };
}
