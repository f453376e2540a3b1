import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathnameOf } from '../../test/catalog-fixtures.ts';
import { consoleWithGiveaways } from '../../test/console-giveaways-fixtures.ts';
import { json } from '../../test/fake-api.ts';
import { consolePass, passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// A form opens a console page and waits for its entries: on a busy machine that takes longer than five seconds.
const FORM_MS = 20_000;

/** Every console form that takes a date and a time, new and saved. */
const formsWithTimes = [
  '/console/drops/new',
  '/console/passes/new',
  `/console/passes/${passIds.pass}`,
  '/console/fusions/new',
  '/console/redeem-batches/new',
  '/console/banners/new',
];

/** The forms that take none: an airdrop is given at once, a calendar's days are in the attendance time zone. */
const formsWithoutTimes = ['/console/airdrops/new', '/console/attendance-calendars/new'];

// Every console form with dates and times names the zone they are typed in, as the drop form always did.
describe('console: the time zone of a form’s dates and times', () => {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

  it.each(formsWithTimes)(
    '%s names the operator’s time zone, in the drop form’s words',
    async (path) => {
      consoleWithGiveaways((request) =>
        pathnameOf(request.path) === `/v1/console/passes/${passIds.pass}`
          ? json(200, { data: consolePass() })
          : undefined,
      );
      renderApp(path);
      const form = await screen.findByRole('form');
      expect(form.querySelector('input[type="datetime-local"]')).not.toBeNull();
      expect(within(form).getByText(new RegExp(`^Times are in your time zone, ${zone}\\.`))).toBeInTheDocument();
    },
    FORM_MS,
  );

  it.each(formsWithoutTimes)(
    '%s takes no date and time, so it has no time zone to name',
    async (path) => {
      consoleWithGiveaways(() => undefined);
      renderApp(path);
      const form = await screen.findByRole('form');
      expect(form.querySelector('input[type="datetime-local"]')).toBeNull();
    },
    FORM_MS,
  );
});
