import { attendanceMessages, errorCatalogue, type TAttendanceCalendarRequest } from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, pathnameOf } from '../../test/catalog-fixtures.ts';
import {
  calendar,
  consoleWithGiveaways,
  editionPool,
  giveawayIds,
  shownGrants,
  ticketKind,
} from '../../test/console-giveaways-fixtures.ts';
import { balances } from '../../test/drops-fixtures.ts';
import { json, type SentRequest } from '../../test/fake-api.ts';
import { passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// A save checks the whole form: on a busy machine a journey here takes longer than a test's five seconds.
const JOURNEY_MS = 30_000;

const ticket = ticketKind();
const pool = editionPool();
const calendarPath = `/v1/console/attendance-calendars/${giveawayIds.calendar}`;
const writes = (sent: SentRequest[], method: 'POST' | 'PUT' | 'DELETE') =>
  sent.filter(
    (request) => request.method === method && pathnameOf(request.path).startsWith('/v1/console/attendance-calendars'),
  );
const pickDate = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const row = (name: RegExp) => screen.getByRole('listitem', { name });

/** A new calendar with the least it needs (5.00 CYP every day) for the period, and Create pressed. */
async function createCalendar(name: string, firstDay: string, lastDay: string) {
  const user = userEvent.setup();
  renderApp('/console/attendance-calendars/new');
  const form = await screen.findByRole('form', { name: 'New calendar' });
  expect(await screen.findByText(/Days begin at midnight in Asia\/Seoul/)).toBeInTheDocument();
  await user.type(within(form).getByLabelText(/^Name/), name);
  pickDate(within(form).getByLabelText(/^First day/), firstDay);
  pickDate(within(form).getByLabelText(/^Last day/), lastDay);
  const daily = within(screen.getByRole('region', { name: 'Every day' }));
  await user.selectOptions(daily.getByLabelText(/^Gives/), 'CREDIT');
  await user.type(daily.getByLabelText(/^Credit/), '5');
  await user.click(within(form).getByRole('button', { name: 'Create' }));
  return { form, user };
}

/** A rule of the period told under its field, before any confirmation, and nothing sent. */
async function expectToldBeforeConfirming(form: HTMLElement, field: RegExp, message: string, sent: SentRequest[]) {
  const refusal = await within(form).findByText(message);
  expect(within(form).getByLabelText(field).getAttribute('aria-describedby')).toContain(refusal.id);
  expect(screen.queryByRole('dialog', { name: 'Create this calendar?' })).toBeNull();
  expect(writes(sent, 'POST')).toEqual([]);
}

describe('console attendance: the list', () => {
  it('lists calendars with their period, standing, rewards and check-ins, and states the time zone', async () => {
    consoleWithGiveaways((request) =>
      pathnameOf(request.path) === '/v1/console/attendance-calendars'
        ? json(200, {
            data: page([
              calendar({
                id: '0190a0b0-0000-7000-8000-0000000f0002',
                name: 'December check-in',
                startDate: '2026-12-01',
                endDate: '2026-12-31',
                dayRewards: [],
                streakBonuses: [],
                checkInCount: 0,
              }),
              calendar(),
            ]),
          })
        : undefined,
    );
    renderApp('/console/attendance-calendars');
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance' })).toBeInTheDocument();
    expect(
      await screen.findByText(/Days begin at midnight in Asia\/Seoul, where it is Nov 22, 2026/),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Calendars' });
    const november = within(table).getByRole('row', { name: /November check-in/ });
    expect(within(november).getByRole('link', { name: 'November check-in' })).toHaveAttribute(
      'href',
      `/console/attendance-calendars/${giveawayIds.calendar}`,
    );
    expect(november).toHaveTextContent('Nov 1, 2026 – Nov 30, 2026 · 30 days');
    expect(november).toHaveTextContent('Running');
    expect(november).toHaveTextContent('5.00 CYP');
    expect(november).toHaveTextContent('1 day of their own · 1 streak bonus');
    expect(november).toHaveTextContent('1,234');
    const december = within(table).getByRole('row', { name: /December check-in/ });
    expect(december).toHaveTextContent('Coming up');
    expect(december).toHaveTextContent('Every day the same');
  });

  it('is for admins only', async () => {
    consoleWithGiveaways(() => undefined, { isAdmin: false });
    renderApp('/console/attendance-calendars/new');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Attendance' })).toBeNull();
  });
});

describe('console attendance: the form', () => {
  it(
    'creates a calendar: the contract’s words under their fields first, the API’s overlap under the first day, then the whole request',
    async () => {
      let posts = 0;
      const created = calendar({ checkInCount: 0 });
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/attendance-calendars') {
          posts += 1;
          if (posts === 1) {
            return json(409, {
              code: 'ATTENDANCE_CALENDAR_OVERLAPS',
              message: errorCatalogue.ATTENDANCE_CALENDAR_OVERLAPS.message,
              details: [{ field: 'startDate', message: '“November check-in” covers Nov 1, 2026 to Nov 30, 2026.' }],
            });
          }
          return json(201, { data: created });
        }
        if (path === calendarPath) return json(200, { data: created });
        // The list read before the confirmation finds the period free: the API's overlap comes from a calendar made
        // since (the API checks again under its lock).
        if (path === '/v1/console/attendance-calendars') return json(200, { data: page([]) });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/attendance-calendars/new');

      const form = await screen.findByRole('form', { name: 'New calendar' });
      expect(await screen.findByText(/Days begin at midnight in Asia\/Seoul/)).toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      expect(await within(form).findAllByText('Pick a date.')).toHaveLength(2);
      expect(within(form).getByText('Choose the kind of ticket it gives.')).toBeInTheDocument();
      expect(writes(sent, 'POST')).toEqual([]);

      await user.type(within(form).getByLabelText(/^Name/), 'December check-in');
      pickDate(within(form).getByLabelText(/^First day/), '2026-12-01');
      pickDate(within(form).getByLabelText(/^Last day/), '2026-12-31');
      const daily = within(screen.getByRole('region', { name: 'Every day' }));
      await user.selectOptions(daily.getByLabelText(/^Gives/), 'CREDIT');
      await user.type(daily.getByLabelText(/^Credit/), '5');

      // A day of its own: it starts at the first free day of the period; moved out of it, the contract says so.
      await user.click(within(form).getByRole('button', { name: 'Add a day' }));
      const day = () => within(row(/^Dec 1, 2026|^Jan 5, 2027|^Dec 25, 2026/));
      expect(day().getByLabelText(/^Date/)).toHaveValue('2026-12-01');
      pickDate(day().getByLabelText(/^Date/), '2027-01-05');
      await user.selectOptions(day().getByLabelText(/^Gives/), 'PASS');
      const pass = day().getByLabelText(/^Pass/);
      await within(pass).findByRole('option', { name: /Neon Season Pass/ });
      await user.selectOptions(pass, passIds.pass);

      await user.click(within(form).getByRole('button', { name: 'Add a bonus' }));
      const bonus = () => within(row(/^Bonus 1/));
      expect(bonus().getByLabelText(/^Streak/)).toHaveValue(7);
      await user.clear(bonus().getByLabelText(/^Streak/));
      await user.type(bonus().getByLabelText(/^Streak/), '1');
      const kinds = bonus().getByLabelText(/^Kind of ticket/);
      await within(kinds).findByRole('option', { name: /Drop ticket/ });
      await user.selectOptions(kinds, giveawayIds.dropTicket);
      await user.clear(bonus().getByLabelText(/^How many/));
      await user.type(bonus().getByLabelText(/^How many/), '3');

      await user.click(within(form).getByRole('button', { name: 'Create' }));
      expect(await bonus().findByText(attendanceMessages.streakDays)).toBeInTheDocument();
      await user.clear(bonus().getByLabelText(/^Streak/));
      await user.type(bonus().getByLabelText(/^Streak/), '7');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      const outside = await day().findByText(attendanceMessages.dayOutsidePeriod);
      expect(day().getByLabelText(/^Date/).getAttribute('aria-describedby')).toContain(outside.id);
      expect(writes(sent, 'POST')).toEqual([]);

      pickDate(day().getByLabelText(/^Date/), '2026-12-25');
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      // The operator confirms what one person can get: 30 days of 5.00 CYP and the pass on Dec 25; the 7-day bonus
      // as often as a streak can reach 7 in 31 days (carried over on day 1, then every 8th day after a missed one).
      const confirm = await screen.findByRole('dialog', { name: 'Create this calendar?' });
      expect(confirm).toHaveTextContent(
        'Someone who checks in on all 31 days gets 150.00 CYP of credit (worth $1.50) and a pass.',
      );
      expect(
        within(within(confirm).getByRole('list', { name: 'Streak bonuses' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['7 days in a row: 3 tickets, at most 4 times']);
      expect(writes(sent, 'POST')).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Create calendar' }));
      const overlap = await within(form).findByText('“November check-in” covers Nov 1, 2026 to Nov 30, 2026.');
      expect(
        within(form)
          .getByLabelText(/^First day/)
          .getAttribute('aria-describedby'),
      ).toContain(overlap.id);
      expect(within(form).getByText(errorCatalogue.ATTENDANCE_CALENDAR_OVERLAPS.message)).toBeInTheDocument();
      expect(writes(sent, 'POST')[0]!.body).toEqual({
        name: 'December check-in',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        dailyReward: { kind: 'CREDIT', amount: 500 },
        dayRewards: [{ date: '2026-12-25', reward: { kind: 'PASS', passId: passIds.pass } }],
        streakBonuses: [{ streakDays: 7, reward: { kind: 'TICKETS', ticketKindId: giveawayIds.dropTicket, count: 3 } }],
      } satisfies TAttendanceCalendarRequest);

      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Create this calendar?' })).getByRole('button', {
          name: 'Create calendar',
        }),
      );
      await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(2));
      expect(await screen.findByRole('heading', { level: 1, name: 'November check-in' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'edits a running calendar with its saved rewards named, and sends the whole calendar with PUT',
    async () => {
      const saved = calendar({
        dailyReward: shownGrants.tickets(2),
        streakBonuses: [{ streakDays: 7, reward: shownGrants.pass() }],
      });
      const sent = consoleWithGiveaways((request) => {
        if (pathnameOf(request.path) !== calendarPath) return undefined;
        if (request.method === 'PUT') return json(200, { data: { ...saved, name: 'November stamps' } });
        return json(200, { data: saved });
      });
      const user = userEvent.setup();
      renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);

      const form = await screen.findByRole('form', { name: 'Edit November check-in' });
      expect(
        screen.getByText(
          /Nov 1, 2026 – Nov 30, 2026 · 30 days · 1,234 check-ins\. Days begin at midnight in Asia\/Seoul/,
        ),
      ).toBeInTheDocument();
      // Running: it can change, not be deleted.
      expect(await screen.findByText('Running')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      const daily = within(screen.getByRole('region', { name: 'Every day' }));
      expect(daily.getByText(/Days people have already checked in on keep their reward\./)).toBeInTheDocument();
      await waitFor(() => expect(daily.getByLabelText(/^Kind of ticket/)).toHaveValue(ticket.id));
      expect(daily.getByLabelText(/^How many/)).toHaveValue(2);
      const lastDay = within(row(/^Nov 30, 2026/));
      expect(lastDay.getByLabelText(/^Gives/)).toHaveValue('EDITION');
      await within(lastDay.getByLabelText(/^Edition pool/)).findByRole('option', {
        name: /Dragon of the Eighth Bit \(Legendary\) · Neon Arcade · 7 of 10 left/,
      });
      expect(lastDay.getByLabelText(/^Edition pool/)).toHaveValue(pool.id);
      expect(within(row(/^Bonus 1/)).getByLabelText(/^Pass/)).toHaveValue(passIds.pass);

      // A new name changes nothing anyone gets: saved without a confirmation.
      await user.clear(within(form).getByLabelText(/^Name/));
      await user.type(within(form).getByLabelText(/^Name/), 'November stamps');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(writes(sent, 'PUT')).toHaveLength(1));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(writes(sent, 'PUT')[0]!.ifMatch).toBe(`"${saved.updatedAt}"`);
      expect(writes(sent, 'PUT')[0]!.body).toEqual({
        name: 'November stamps',
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        dailyReward: { kind: 'TICKETS', ticketKindId: ticket.id, count: 2 },
        dayRewards: [{ date: '2026-11-30', reward: { kind: 'EDITION', editionPoolId: pool.id } }],
        streakBonuses: [{ streakDays: 7, reward: { kind: 'PASS', passId: passIds.pass } }],
      } satisfies TAttendanceCalendarRequest);
      expect(await screen.findByRole('heading', { level: 1, name: 'November stamps' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'shows a saved credit in CYP with the unit’s decimals, sends what is typed there in minor units, and says under it when the day’s reward was given',
    async () => {
      const saved = calendar({ dailyReward: shownGrants.credit(500), dayRewards: [], streakBonuses: [] });
      const given = 'People have checked in on Nov 3, 2026: its reward stays as it was.';
      const sent = consoleWithGiveaways((request) => {
        if (pathnameOf(request.path) !== calendarPath) return undefined;
        if (request.method === 'PUT' && writes(sent, 'PUT').length === 1) {
          return json(409, {
            code: 'ATTENDANCE_CALENDAR_REWARD_GIVEN',
            message: errorCatalogue.ATTENDANCE_CALENDAR_REWARD_GIVEN.message,
            details: [{ field: 'dailyReward', message: given }],
          });
        }
        return json(200, { data: saved });
      });
      const user = userEvent.setup();
      renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);

      const form = await screen.findByRole('form', { name: 'Edit November check-in' });
      const daily = within(screen.getByRole('region', { name: 'Every day' }));
      const credit = daily.getByLabelText(/^Credit \(CYP\)/);
      expect(credit).toHaveValue('5.00');
      expect(daily.getByText('5.00 CYP of credit: spendable, not withdrawable.')).toBeInTheDocument();
      await user.clear(credit);
      await user.type(credit, '7.5');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      // New rewards are confirmed first, with what they come to over the whole period.
      const confirm = await screen.findByRole('dialog', { name: 'Save these rewards?' });
      expect(confirm).toHaveTextContent(
        'Someone who checks in on all 30 days gets 225.00 CYP of credit (worth $2.25).',
      );
      // People have checked in on it: what they got stands, whatever the figures now say.
      expect(confirm).toHaveTextContent('What people got on the days they checked in stays theirs');
      expect(writes(sent, 'PUT')).toEqual([]);
      await user.click(within(confirm).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(writes(sent, 'PUT')).toHaveLength(1));
      expect((writes(sent, 'PUT')[0]!.body as TAttendanceCalendarRequest).dailyReward).toEqual({
        kind: 'CREDIT',
        amount: 750,
      });
      const refusal = await daily.findByText(given);
      expect(daily.getByLabelText(/^Gives/).getAttribute('aria-describedby')).toContain(refusal.id);
      expect(within(form).getByText(errorCatalogue.ATTENDANCE_CALENDAR_REWARD_GIVEN.message)).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'reads credit with the decimals the API counts CYP in: with none configured, 500 minor units are 500 CYP',
    async () => {
      const saved = calendar({ dailyReward: shownGrants.credit(500), dayRewards: [], streakBonuses: [] });
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (path === '/v1/balances/my') {
          return json(200, { data: { ...balances(0), cypUnit: { minorUnits: 0, cypPerUsd: 1 } } });
        }
        if (path === calendarPath) return json(200, { data: saved });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);

      const form = await screen.findByRole('form', { name: 'Edit November check-in' });
      const daily = within(screen.getByRole('region', { name: 'Every day' }));
      const credit = daily.getByLabelText(/^Credit \(CYP\)/);
      expect(credit).toHaveValue('500');
      await user.clear(credit);
      await user.type(credit, '5.5');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await daily.findByText('Enter the credit in whole CYP: it has no decimals.')).toBeInTheDocument();
      await user.clear(credit);
      await user.type(credit, '12');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      // 12 CYP a day for 30 days, with no decimals (and no worth in dollars: a cent is not a whole number of CYP).
      const confirm = await screen.findByRole('dialog', { name: 'Save these rewards?' });
      expect(confirm).toHaveTextContent('Someone who checks in on all 30 days gets 360 CYP of credit.');
      await user.click(within(confirm).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(writes(sent, 'PUT')).toHaveLength(1));
      expect((writes(sent, 'PUT')[0]!.body as TAttendanceCalendarRequest).dailyReward).toEqual({
        kind: 'CREDIT',
        amount: 12,
      });
    },
    JOURNEY_MS,
  );

  // Console walk of session 45: a calendar that had ended was refused only after its confirmation.
  it('says a last day before today under it, before asking to confirm', async () => {
    const sent = consoleWithGiveaways(() => undefined);
    const { form } = await createCalendar('Past check-in', '2026-11-01', '2026-11-21');
    await expectToldBeforeConfirming(form, /^Last day/, attendanceMessages.endsBeforeToday, sent);
  });

  it('says another calendar has some of the days under the first day, before asking to confirm', async () => {
    const november = calendar({ checkInCount: 0 });
    const sent = consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (request.method === 'GET' && path === '/v1/console/attendance-calendars') {
        const query = new URL(request.path, 'http://x').searchParams;
        // November's calendar has the days of any period that begins by Nov 30.
        const isCovered = (query.get('coveringFrom') ?? '') <= '2026-11-30';
        return json(200, { data: page(isCovered ? [november] : []) });
      }
      if (path === calendarPath) return json(200, { data: november });
      return undefined;
    });
    const { form, user } = await createCalendar('Late November', '2026-11-25', '2026-12-05');
    const overlap = '“November check-in” covers Nov 1, 2026 to Nov 30, 2026.';
    await expectToldBeforeConfirming(form, /^First day/, overlap, sent);
    const asked = sent.filter((request) => request.path.includes('coveringFrom='));
    expect(asked.map((request) => new URL(request.path, 'http://x').searchParams.get('coveringTo'))).toEqual([
      '2026-12-05',
    ]);

    // Moved past it, the period is free and the confirmation comes.
    pickDate(within(form).getByLabelText(/^First day/), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('dialog', { name: 'Create this calendar?' })).toBeInTheDocument();
    expect(writes(sent, 'POST')).toEqual([]);
  });

  // Session 69's console hunt: of two calendars with days of the period, the newest was named under the first day,
  // though the first day was the other's; the API names the earliest.
  it('names the earliest of the calendars with some of the days, as the API does', async () => {
    const november = calendar({ checkInCount: 0 });
    const december = calendar({
      id: '0190a0b0-0000-7000-8000-0000000fc0de',
      name: 'December check-in',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      checkInCount: 0,
    });
    const sent = consoleWithGiveaways((request) =>
      request.method === 'GET' && pathnameOf(request.path) === '/v1/console/attendance-calendars'
        ? json(200, { data: page([december, november]) })
        : undefined,
    );
    const { form } = await createCalendar('Across the month', '2026-11-25', '2026-12-05');
    const overlap = '“November check-in” covers Nov 1, 2026 to Nov 30, 2026.';
    await expectToldBeforeConfirming(form, /^First day/, overlap, sent);
  });

  it('takes the calendar being edited for no other calendar', async () => {
    const saved = calendar({
      checkInCount: 0,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      dayRewards: [],
      streakBonuses: [],
    });
    consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (request.method === 'GET' && path === '/v1/console/attendance-calendars') {
        return json(200, { data: page([saved]) });
      }
      if (path === calendarPath) return json(200, { data: saved });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);
    const form = await screen.findByRole('form', { name: `Edit ${saved.name}` });
    await waitFor(() => expect(within(form).getByLabelText(/^Last day/)).toHaveValue('2026-12-31'));
    pickDate(within(form).getByLabelText(/^Last day/), '2027-01-10');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('dialog', { name: 'Save these rewards?' })).toBeInTheDocument();
    expect(within(form).queryByText(/covers/)).toBeNull();
  });

  it('deletes a calendar that has not begun, after asking', async () => {
    const upcoming = calendar({ startDate: '2026-12-01', endDate: '2026-12-31', checkInCount: 0 });
    const sent = consoleWithGiveaways((request) => {
      const path = pathnameOf(request.path);
      if (path === calendarPath && request.method === 'DELETE') return new Response(null, { status: 204 });
      if (path === calendarPath) return json(200, { data: upcoming });
      if (path === '/v1/console/attendance-calendars') return json(200, { data: page([]) });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this calendar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No calendars yet' })).toBeInTheDocument();
    expect(writes(sent, 'DELETE')).toHaveLength(1);
  });
});
