import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAttendanceCalendarRequest,
  ZAttendanceCheckIn,
  ZAttendanceListQuery,
  ZAttendanceRewards,
  ZAttendanceToday,
  ZAttendanceTodayV2,
  ZCheckInRequest,
  ZConsoleAttendanceCalendar,
  ZConsoleAttendanceCalendarListQuery,
  ZData,
  ZPage,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { principalOf } from '../../http/auth-guard.ts';
import { seenVersionOf } from '../../http/entry-version.ts';
import { idempotentRequestOf } from '../../http/idempotency.ts';
import { adminOnly, operatorOf } from '../../http/operator-guard.ts';
import { checkIn } from './check-in.ts';
import {
  createAttendanceCalendar,
  deleteAttendanceCalendar,
  getAttendanceCalendar,
  listAttendanceCalendars,
  updateAttendanceCalendar,
} from './console-attendance-calendars.ts';
import {
  getAttendanceRewards,
  getAttendanceToday,
  getAttendanceTodayV2,
  getCheckIn,
  listMyCheckIns,
} from './read-attendance.ts';

const tags = ['attendance'];
const ZIdParams = z.object({ id: z.uuid() });

/**
 * Daily attendance (spec section 7: /v2/attendance/rewards, /v1/attendance/today, /v2/attendance/today,
 * /attendance, /attendance/{id}). The attendance-today calls are the ones the web's session rule treats apart (spec
 * section 4: a failed refresh there only clears the stored session). The console's calendars are in
 * consoleAttendanceRoutes.
 */
export function attendanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/attendance/rewards',
      {
        onRequest: ctx.guard.optionalAuth,
        schema: {
          tags,
          summary: "The current calendar: each day's reward, the streak bonuses, and (signed in) my state",
          response: { 200: ZData(ZAttendanceRewards) },
        },
      },
      async (request) => ({ data: await getAttendanceRewards(ctx, request.principal?.userId ?? null) }),
    );

    app.get(
      '/v1/attendance/today',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: "Checked in today or not, my streak, and today's reward",
          response: { 200: ZData(ZAttendanceToday) },
        },
      },
      async (request) => ({ data: await getAttendanceToday(ctx, principalOf(request).userId) }),
    );

    app.get(
      '/v2/attendance/today',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: "Today's state with the time zone, when the next day begins, my check-in and the next streak bonus",
          response: { 200: ZData(ZAttendanceTodayV2) },
        },
      },
      async (request) => ({ data: await getAttendanceTodayV2(ctx, principalOf(request).userId) }),
    );

    app.post(
      '/v1/attendance',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'Check in for today and receive its reward (an Idempotency-Key, if sent, replays the first answer)',
          body: ZCheckInRequest,
          response: { 201: ZData(ZAttendanceCheckIn) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await checkIn(ctx, principalOf(request).userId, idempotentRequestOf(request)) }),
    );

    app.get(
      '/v1/attendance',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'My check-ins, newest first, with what each gave',
          querystring: ZAttendanceListQuery,
          response: { 200: ZData(ZPage(ZAttendanceCheckIn)) },
        },
      },
      async (request) => ({ data: await listMyCheckIns(ctx, principalOf(request).userId, request.query) }),
    );

    app.get(
      '/v1/attendance/:id',
      {
        onRequest: ctx.guard.requireAuth,
        schema: {
          tags,
          summary: 'One of my check-ins and what it gave',
          params: ZIdParams,
          response: { 200: ZData(ZAttendanceCheckIn) },
        },
      },
      async (request) => ({ data: await getCheckIn(ctx, principalOf(request).userId, request.params.id) }),
    );
  };
}

/** /v1/console/attendance-calendars (admins), registered under the console's operator guard (console.routes.ts). */
export function consoleAttendanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const consoleTags = ['console'];
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      '/v1/console/attendance-calendars',
      {
        onRequest: adminOnly,
        schema: {
          tags: consoleTags,
          summary: 'Reward calendars, latest period first (admin)',
          security,
          querystring: ZConsoleAttendanceCalendarListQuery,
          response: { 200: ZData(ZPage(ZConsoleAttendanceCalendar)) },
        },
      },
      async (request) => ({ data: await listAttendanceCalendars(ctx, request.query) }),
    );

    app.get(
      '/v1/console/attendance-calendars/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags: consoleTags,
          summary: 'A reward calendar (admin)',
          security,
          params: ZIdParams,
          response: { 200: ZData(ZConsoleAttendanceCalendar) },
        },
      },
      async (request) => ({ data: await getAttendanceCalendar(ctx, request.params.id) }),
    );

    app.post(
      '/v1/console/attendance-calendars',
      {
        onRequest: adminOnly,
        schema: {
          tags: consoleTags,
          summary: 'Make a reward calendar: its period, each day’s reward and the streak bonuses (admin)',
          security,
          body: ZAttendanceCalendarRequest,
          response: { 201: ZData(ZConsoleAttendanceCalendar) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createAttendanceCalendar(ctx, operatorOf(request), request.body) }),
    );

    app.put(
      '/v1/console/attendance-calendars/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags: consoleTags,
          summary:
            'Change a reward calendar; days people checked in on stay in it (admin; If-Match: the updatedAt it was opened at, else ENTRY_CHANGED)',
          security,
          params: ZIdParams,
          body: ZAttendanceCalendarRequest,
          response: { 200: ZData(ZConsoleAttendanceCalendar) },
        },
      },
      async (request) => ({
        data: await updateAttendanceCalendar(
          ctx,
          operatorOf(request),
          request.params.id,
          request.body,
          seenVersionOf(request),
        ),
      }),
    );

    app.delete(
      '/v1/console/attendance-calendars/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags: consoleTags,
          summary: 'Delete a reward calendar that has not begun (admin)',
          security,
          params: ZIdParams,
        },
      },
      async (request, reply) => {
        await deleteAttendanceCalendar(ctx, operatorOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
