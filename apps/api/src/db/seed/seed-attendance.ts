import { eq } from 'drizzle-orm';
import { addDays, ZAttendanceCalendarRequest, type TGrantRequest } from '@cypher/contract';
import { newId } from '../../lib/ids.ts';
import { attendanceCalendars } from '../../modules/attendance/attendance.tables.ts';
import { passes } from '../../modules/passes/passes.tables.ts';
import { ticketKinds } from '../../modules/tickets/tickets.tables.ts';
import type { SeedDeps } from './seed-demo.ts';
import { demoPass } from './seed-passes.ts';

/** How long the demo calendar runs: ninety days, within a calendar's limit (MAX_CALENDAR_DAYS). */
const CALENDAR_DAYS = 90;
/** Days of it already gone by at seeding, so the page shows days missed beside today and the ones to come. */
const DAYS_BEFORE = 6;

/**
 * A reward calendar running now, so /tickets/attendance has something to check in for on a fresh install (issue 20):
 * 1.00 CYP a day (at the default two decimals; on the day it is seeded too), a Drop ticket every seventh day, and streak bonuses of 2 Drop tickets
 * at 3 days in a row, 5.00 CYP at 7 and the Neon Season Pass at 14. The seed has no configuration, so its days are UTC
 * dates; it begins six days back and runs for ninety, so today is in it in any configured time zone (a day either
 * side of UTC at most). Checked by the console's request schema, as an operator's calendar is.
 */
export async function seedAttendance({ database, clock }: SeedDeps): Promise<void> {
  const db = database.db;
  const [ticketKind] = await db
    .select({ id: ticketKinds.id })
    .from(ticketKinds)
    .where(eq(ticketKinds.name, 'Drop ticket'));
  const [pass] = await db.select({ id: passes.id }).from(passes).where(eq(passes.name, demoPass.name));
  if (!ticketKind || !pass) throw new Error('demo attendance calendar: seed the Drop ticket and the demo pass first');
  const tickets = (count: number): TGrantRequest => ({ kind: 'TICKETS', ticketKindId: ticketKind.id, count });

  const now = clock.now();
  const startDate = addDays(now.toISOString().slice(0, 10), -DAYS_BEFORE);
  const calendar = ZAttendanceCalendarRequest.parse({
    name: 'Season one check-in',
    startDate,
    endDate: addDays(startDate, CALENDAR_DAYS - 1),
    dailyReward: { kind: 'CREDIT', amount: 100 },
    dayRewards: Array.from({ length: Math.floor(CALENDAR_DAYS / 7) }, (_, week) => ({
      date: addDays(startDate, week * 7 + 3),
      reward: tickets(1),
    })),
    streakBonuses: [
      { streakDays: 3, reward: tickets(2) },
      { streakDays: 7, reward: { kind: 'CREDIT', amount: 500 } },
      { streakDays: 14, reward: { kind: 'PASS', passId: pass.id } },
    ],
  });
  await db.insert(attendanceCalendars).values({ id: newId(), ...calendar, createdAt: now, updatedAt: now });
}
