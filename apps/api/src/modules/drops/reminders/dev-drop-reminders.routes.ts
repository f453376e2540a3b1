import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZData } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { sendDueDropReminders } from './send-due-drop-reminders.ts';

/**
 * Route: POST /dev/drop-reminders/send, registered only outside production (production answers 404, like
 * /dev/mailbox) · Writes: through sendDueDropReminders · UI: none (the browser journeys; a person trying reminders
 * without waiting days) · Tests: send-due-drop-reminders.test.ts, e2e/drop-reminders-journey.spec.ts.
 *
 * Runs the reminder job now for every round opening up to `dueBy`, as if that time had come: the notifications and
 * emails are the job's own, stamped with the real time. Nothing about the drop changes; the round still opens when
 * it opens.
 */
export function devDropRemindersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/drop-reminders/send',
      {
        schema: {
          tags: ['dev'],
          summary: 'Send the drop reminders due by a given time now (outside production)',
          body: z.strictObject({ dueBy: z.iso.datetime() }),
          response: { 200: ZData(z.object({ notified: z.number().int(), emailed: z.number().int() })) },
        },
      },
      async (request) => ({
        data: await sendDueDropReminders(
          { db: ctx.db, clock: ctx.clock, mailer: ctx.mailer, brand: ctx.config },
          { dueBy: new Date(request.body.dueBy) },
        ),
      }),
    );
  };
}
