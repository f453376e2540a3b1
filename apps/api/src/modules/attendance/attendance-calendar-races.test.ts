import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { lockWaitersSeen } from '../../testing/lock-barrier.ts';
import { oneInstanceOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { balancesOf } from '../../testing/wallet-helpers.ts';
import { localDateOf } from './attendance-days.ts';

// An operator's edit of today's calendar and a check-in at the same moment. On PGlite (one transaction at a time)
// there is no race to run: this runs in CI's PostgreSQL pass. A file of its own: it needs the only calendar of today.
const isOnPostgres = Boolean(testDatabaseUrl());

let t: TestApp;
let admin: { accessToken: string };
oneInstanceOnPostgres({}, (made) => ({ t, admin } = made));

describe('a calendar edit and a check-in at once', () => {
  // Helper's note, session 51: the check-in read the calendar before its transaction, so one that waited for the edit
  // delivered the reward the edit had just replaced.
  it.runIf(isOnPostgres)(
    'a check-in that waited for an operator fixing today’s reward delivers the fixed reward',
    async () => {
      const today = localDateOf(t.clock.now(), 'UTC');
      const calendar = { name: 'Fix days', startDate: today, endDate: today };
      const made = await t.app.inject({
        method: 'POST',
        url: '/v1/console/attendance-calendars',
        headers: bearer(admin.accessToken),
        payload: { ...calendar, dailyReward: { kind: 'CREDIT', amount: 70_000 } },
      });
      expect(made.statusCode, made.body).toBe(201);
      const calendarId = made.json().data.id as string;
      const person = await fastBuyer(t);

      // The gate holds the calendar's row. The fix (700.00 CYP was a typo for 7.00) queues on it first, then the
      // check-in, which queues behind the fix and so runs once the fix has committed.
      const gate = new pg.Client({ connectionString: t.database.pool!.options.connectionString! });
      await gate.connect();
      try {
        await gate.query('begin');
        await gate.query('select 1 from attendance_calendars where id = $1 for update', [calendarId]);
        const fixing = t.app.inject({
          method: 'PUT',
          url: `/v1/console/attendance-calendars/${calendarId}`,
          headers: bearer(admin.accessToken),
          payload: { ...calendar, dailyReward: { kind: 'CREDIT', amount: 700 } },
        });
        await lockWaitersSeen(gate, 1);
        const checkingIn = t.app.inject({ method: 'POST', url: '/v1/attendance', headers: bearer(person.accessToken) });
        await lockWaitersSeen(gate, 2);
        await gate.query('commit');
        const [fixed, checkedIn] = await Promise.all([fixing, checkingIn]);
        expect(fixed.statusCode, fixed.body).toBe(200);
        expect(checkedIn.statusCode, checkedIn.body).toBe(201);
        expect(checkedIn.json().data.rewards).toMatchObject([
          { grant: { description: '7.00 CYP' }, status: 'DELIVERED' },
        ]);
      } finally {
        await gate.query('rollback').catch(() => undefined);
        await gate.end();
      }
      expect(await balancesOf(t.database.db, person.userId, 'CYP')).toEqual({ non_withdrawable: 700 });
    },
  );
});
