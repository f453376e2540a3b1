import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData } from '@cypher/contract';
import type { AppDeps } from '../../app.ts';
import { listMailboxMessages } from './list-mailbox-messages.ts';
import { renderMailboxPage } from './mailbox-page.ts';

const ZMailboxQuery = z.object({ to: z.string().trim().min(1).max(320).optional() });
const ZMailboxMessage = z.object({
  id: z.uuid(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});

/** Registered only outside production (ARCHITECTURE section 3), so production answers 404 here. */
export function devMailboxRoutes({ database, config }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox/messages',
      {
        schema: {
          tags: ['dev'],
          summary: 'Emails and SMS kept by the dev mailbox, newest first',
          querystring: ZMailboxQuery,
          response: { 200: ZData(z.array(ZMailboxMessage)) },
        },
      },
      async (request) => ({ data: await listMailboxMessages(database.db, request.query.to) }),
    );

    app.get('/dev/mailbox', { schema: { hide: true, querystring: ZMailboxQuery } }, async (request, reply) => {
      const messages = await listMailboxMessages(database.db, request.query.to);
      return reply
        .type('text/html; charset=utf-8')
        .send(renderMailboxPage(config.brandName, messages, request.query.to));
    });
  };
}
