import { errorCatalogue, MAX_PASS_BENEFITS, type TConsolePass, type TCreatePassRequest } from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { consolePass, passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pngFile } from '../../test/upload-files.ts';

// A save checks the whole form: on a busy machine a journey here takes longer than a test's five seconds.
const JOURNEY_MS = 30_000;

/** What a datetime-local box holds for the instant `hours` from now, in this machine's time zone. */
function localTime(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The instant a datetime-local box's value stands for, as the form sends it. */
const sentTime = (local: string) => new Date(local).toISOString();

const pickTime = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** An admin's console with two brands, and what `answer` says about passes. */
function consoleWithPasses(answer: (request: SentRequest) => Response | undefined): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    switch (pathnameOf(request.path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ isOperator: true }) });
      case '/v1/console/me':
        return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
      case '/v1/console/brands':
        return json(200, {
          data: page([brand(), brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST' })]),
        });
      case '/v1/console/media':
        return json(201, {
          data: {
            url: '/uploads/season-pass.webp',
            width: 800,
            height: 800,
            contentType: 'image/webp',
            thumbnailUrl: null,
          },
        });
      default:
        return answer(request) ?? apiFailure(404, 'NOT_FOUND');
    }
  });
}

const writes = (sent: SentRequest[], method: 'POST' | 'PATCH') =>
  sent.filter((request) => request.method === method && pathnameOf(request.path).startsWith('/v1/console/passes'));
const listReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === '/v1/console/passes');

describe('console passes: the list', () => {
  it('lists passes with status, sale window, price and what is sold and left; searches, filters by brand and publication', async () => {
    const sent = consoleWithPasses((request) =>
      pathnameOf(request.path) === '/v1/console/passes' ? json(200, { data: page([consolePass()]) }) : undefined,
    );
    const user = userEvent.setup();
    renderApp('/console/passes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Passes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Passes' });
    const row = within(table).getByRole('row', { name: /Neon Season Pass/ });
    expect(within(row).getByRole('link', { name: 'Neon Season Pass' })).toHaveAttribute(
      'href',
      `/console/passes/${passIds.pass}`,
    );
    expect(row).toHaveTextContent('Neon Arcade');
    expect(row).toHaveTextContent('Published');
    expect(row).toHaveTextContent('On sale');
    expect(row).toHaveTextContent('$25.00');
    expect(row).toHaveTextContent('88 of 500 · 412 left');

    await user.type(screen.getByRole('searchbox', { name: 'Search passes' }), 'season{Enter}');
    await waitFor(() => expect(queryOf(listReads(sent).at(-1)!.path).get('q')).toBe('season'));
    const brandFilter = screen.getByLabelText(/Brand/);
    await within(brandFilter).findByRole('option', { name: 'Aria Vale' });
    await user.selectOptions(brandFilter, ids.ariaVale);
    await waitFor(() => expect(queryOf(listReads(sent).at(-1)!.path).get('brandId')).toBe(ids.ariaVale));
    // Drafts or published ones only, as the other publishable lists filter (the drafts helper's note, session 36).
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    await waitFor(() => expect(queryOf(listReads(sent).at(-1)!.path).get('status')).toBe('DRAFT'));
  });

  it('offers to add the first pass when there is none', async () => {
    consoleWithPasses((request) =>
      pathnameOf(request.path) === '/v1/console/passes' ? json(200, { data: page([]) }) : undefined,
    );
    renderApp('/console/passes');
    expect(await screen.findByRole('heading', { name: 'No passes yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /New pass/ })[0]).toHaveAttribute('href', '/console/passes/new');
  });
});

describe('console passes: the form', () => {
  it(
    'creates a pass: the contract’s words under their fields first, then the request in cents',
    async () => {
      const created = consolePass({
        id: passIds.other,
        sold: 0,
        remaining: 500,
        publicationStatus: 'DRAFT',
        publishedAt: null,
      });
      const sent = consoleWithPasses((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/passes') return json(201, { data: created });
        if (path === `/v1/console/passes/${passIds.other}`) return json(200, { data: created });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/passes/new');

      const form = await screen.findByRole('form', { name: 'New pass' });
      expect(screen.getByText('A new pass is a draft: only operators see it until it is published.')).toBeVisible();
      // Benefits are optional: a new pass starts with none (session 76's hunt: an empty first line blocked saving).
      expect(within(form).queryByLabelText('Benefit 1')).toBeNull();
      expect(within(form).getByText(/^No benefits listed/)).toBeVisible();
      // A line added and left blank is refused in the contract's words.
      await user.click(within(form).getByRole('button', { name: 'Add a benefit' }));
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      expect(await within(form).findByText('Choose a brand.')).toBeInTheDocument();
      expect(within(form).getByText('Give the pass a name.')).toBeInTheDocument();
      expect(within(form).getByText('Choose an image for the pass.')).toBeInTheDocument();
      expect(within(form).getByText(/^Write the benefit in 1 to 200 characters/)).toBeInTheDocument();
      expect(within(form).getByText('Enter how many passes to issue, from 1 to 100,000.')).toBeInTheDocument();
      expect(within(form).getByText(/^Enter a price in dollars/)).toBeInTheDocument();
      expect(within(form).getAllByText('Pick a date and time.')).toHaveLength(4);
      expect(writes(sent, 'POST')).toEqual([]);

      const brandSelect = within(form).getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      await user.type(within(form).getByLabelText(/^Name/), 'Neon Season Pass');
      await user.type(within(form).getByLabelText(/^Description/), 'First in line all season.');
      await user.upload(
        document.querySelector<HTMLInputElement>('input[type="file"][accept^="image"]')!,
        pngFile('pass.png'),
      );
      expect(await within(form).findByAltText('Artwork: current image')).toBeInTheDocument();

      await user.type(within(form).getByLabelText('Benefit 1'), 'Opens round 2 of every Neon Arcade drop');
      await user.click(within(form).getByRole('button', { name: 'Add a benefit' }));
      await user.type(within(form).getByLabelText('Benefit 2'), 'A guaranteed pack in each holders’ round');
      await user.click(within(form).getByRole('button', { name: 'Add a benefit' }));
      await user.click(within(form).getByRole('button', { name: 'Remove benefit 3' }));

      await user.type(within(form).getByRole('spinbutton', { name: /^Supply/ }), '500');
      const price = within(form).getByLabelText(/^Price \(USD\)/);
      await user.type(price, '25');
      await user.tab();
      expect(price).toHaveValue('25.00');

      // The sale ends before it begins: the contract's own rule, under the field it is about.
      const [begin, end, validFrom, validUntil] = [localTime(24), localTime(2), localTime(24), localTime(24 * 90)];
      pickTime(/^Sale begins/, begin);
      pickTime(/^Sale ends/, end);
      pickTime(/^Valid from/, validFrom);
      pickTime(/^Valid until/, validUntil);
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      const order = await within(form).findByText('The sale must end after it begins.');
      expect(screen.getByLabelText(/^Sale ends/).getAttribute('aria-describedby')).toContain(order.id);
      expect(writes(sent, 'POST')).toEqual([]);

      const later = localTime(24 * 60);
      pickTime(/^Sale ends/, later);
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(1));
      expect(writes(sent, 'POST')[0]!.body).toEqual({
        brandId: ids.neonArcade,
        name: 'Neon Season Pass',
        description: 'First in line all season.',
        imageUrl: '/uploads/season-pass.webp',
        benefits: ['Opens round 2 of every Neon Arcade drop', 'A guaranteed pack in each holders’ round'],
        supply: 500,
        price: 2_500,
        perPersonLimit: null,
        saleBeginAt: sentTime(begin),
        saleEndAt: sentTime(later),
        validFrom: sentTime(validFrom),
        validUntil: sentTime(validUntil),
      } satisfies TCreatePassRequest);
      // The new pass opens for editing, a draft.
      expect(await screen.findByRole('heading', { level: 1, name: 'Neon Season Pass' })).toBeInTheDocument();
      expect(await screen.findByText('It is a draft until you publish it.')).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'shows the API’s field errors under their fields, and keeps what was typed',
    async () => {
      consoleWithPasses((request) =>
        request.method === 'POST' && pathnameOf(request.path) === '/v1/console/passes'
          ? json(400, {
              code: 'INVALID_REQUEST',
              message: errorCatalogue.INVALID_REQUEST.message,
              details: [{ field: 'imageUrl', message: 'Upload the image again: it is no longer stored.' }],
            })
          : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/passes/new');
      const form = await screen.findByRole('form', { name: 'New pass' });
      const brandSelect = within(form).getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      await user.type(within(form).getByLabelText(/^Name/), 'Neon Season Pass');
      await user.upload(
        document.querySelector<HTMLInputElement>('input[type="file"][accept^="image"]')!,
        pngFile('pass.png'),
      );
      await within(form).findByAltText('Artwork: current image');
      await user.type(within(form).getByRole('spinbutton', { name: /^Supply/ }), '500');
      await user.type(within(form).getByLabelText(/^Price \(USD\)/), '25.00');
      await user.type(within(form).getByLabelText(/^Per-person limit/), '2');
      pickTime(/^Sale begins/, localTime(1));
      pickTime(/^Sale ends/, localTime(48));
      pickTime(/^Valid from/, localTime(1));
      pickTime(/^Valid until/, localTime(96));
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));

      expect(await within(form).findByText('Upload the image again: it is no longer stored.')).toBeInTheDocument();
      expect(within(form).getByLabelText(/^Name/)).toHaveValue('Neon Season Pass');
      expect(within(form).getByLabelText(/^Per-person limit/)).toHaveValue(2);
      expect(within(form).getByRole('button', { name: 'Create draft' })).toBeEnabled();
    },
    JOURNEY_MS,
  );

  it(
    'edits a pass: brand and supply are fixed, sold and left are shown, and only what changed is sent',
    async () => {
      let current: TConsolePass = consolePass();
      const sent = consoleWithPasses((request) => {
        if (pathnameOf(request.path) !== `/v1/console/passes/${passIds.pass}`) return undefined;
        if (request.method === 'PATCH') {
          const saved = { price: current.price, updatedAt: '2026-11-02T00:00:00.000Z' };
          current = { ...current, ...(request.body as Partial<TConsolePass>), ...saved };
        }
        return json(200, { data: current });
      });
      const user = userEvent.setup();
      renderApp(`/console/passes/${passIds.pass}`);

      const form = await screen.findByRole('form', { name: 'Edit Neon Season Pass' });
      expect(screen.getByText(/^On sale · 88 of 500 sold, 412 left\./)).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'View on site' })).toHaveAttribute(
        'href',
        `/pass/${passIds.pass}`,
      );
      expect(within(form).getByText('Neon Arcade')).toBeInTheDocument();
      expect(within(form).queryByLabelText(/^Brand/)).toBeNull();
      expect(within(form).getByText('500 issued · 88 sold · 412 left')).toBeInTheDocument();
      expect(within(form).queryByRole('spinbutton', { name: /^Supply/ })).toBeNull();
      expect(within(form).getByLabelText(/^Price \(USD\)/)).toHaveValue('25.00');
      expect(within(form).getAllByRole('textbox', { name: /^Benefit/ })).toHaveLength(3);

      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await within(form).findByText('Change at least one field.')).toBeInTheDocument();
      expect(writes(sent, 'PATCH')).toEqual([]);

      const name = within(form).getByLabelText(/^Name/);
      await user.clear(name);
      await user.type(name, 'Neon Season Pass II');
      await user.click(within(form).getByRole('button', { name: 'Remove benefit 3' }));
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(1));
      expect(writes(sent, 'PATCH')[0]!.body).toEqual({
        name: 'Neon Season Pass II',
        benefits: consolePass().benefits.slice(0, 2),
      });
      // Made from the version the form was loaded at; the form starts again from the version saved.
      expect(writes(sent, 'PATCH')[0]!.ifMatch).toBe(`"${consolePass().updatedAt}"`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Neon Season Pass II' })).toBeInTheDocument();
      const saved = await screen.findByRole('form', { name: 'Edit Neon Season Pass II' });
      expect(within(saved).getByLabelText(/^Name/)).toHaveValue('Neon Season Pass II');
      expect(within(saved).getAllByRole('textbox', { name: /^Benefit/ })).toHaveLength(2);
    },
    JOURNEY_MS,
  );

  // Console review, finding 1: a sold pass's validity was pulled in and its holders' rounds closed to them.
  it(
    'says a held pass’s validity only widens, and shows the API’s refusal of a narrower one under its field',
    async () => {
      const refusal = 'People hold this pass: it can only end later, not earlier.';
      const sent = consoleWithPasses((request) => {
        if (pathnameOf(request.path) !== `/v1/console/passes/${passIds.pass}`) return undefined;
        if (request.method === 'PATCH') {
          return json(409, {
            code: 'PASS_VALIDITY_SOLD',
            message: errorCatalogue.PASS_VALIDITY_SOLD.message,
            details: [{ field: 'validUntil', message: refusal }],
          });
        }
        return json(200, { data: consolePass() });
      });
      const user = userEvent.setup();
      renderApp(`/console/passes/${passIds.pass}`);

      const form = await screen.findByRole('form', { name: 'Edit Neon Season Pass' });
      expect(within(form).getByLabelText(/^Valid from/)).toHaveAccessibleDescription(
        expect.stringContaining('People hold this pass: it can only start earlier.'),
      );
      const validUntil = within(form).getByLabelText(/^Valid until/);
      expect(validUntil).toHaveAccessibleDescription(
        expect.stringContaining('People hold this pass: it can only end later.'),
      );
      expect(within(form).getByLabelText(/^Sale ends/)).toHaveAccessibleDescription('No one can buy it after this.');

      pickTime(/^Valid until/, '2027-01-10T12:00');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(1));
      expect(writes(sent, 'PATCH')[0]!.body).toEqual({ validUntil: sentTime('2027-01-10T12:00') });
      expect(await within(form).findByText(refusal)).toBeInTheDocument();
      expect(validUntil).toHaveAccessibleDescription(expect.stringContaining(refusal));
      expect(validUntil).toHaveValue('2027-01-10T12:00');
    },
    JOURNEY_MS,
  );

  it('keeps the plain validity hints on a published pass nobody holds yet', async () => {
    consoleWithPasses((request) =>
      pathnameOf(request.path) === `/v1/console/passes/${passIds.pass}`
        ? json(200, { data: consolePass({ sold: 0, remaining: 500 }) })
        : undefined,
    );
    renderApp(`/console/passes/${passIds.pass}`);
    const form = await screen.findByRole('form', { name: 'Edit Neon Season Pass' });
    expect(within(form).getByLabelText(/^Valid until/)).toHaveAccessibleDescription(
      'Its rounds stay closed to holders after this.',
    );
  });

  // Review of session 36: the Neon Season Pass went from $25.00 to $0.25 with one Save, public at once.
  it(
    'asks before a new price for a pass on sale, naming the old and new price and what sold, and sends it once confirmed',
    async () => {
      const sent = consoleWithPasses((request) =>
        pathnameOf(request.path) === `/v1/console/passes/${passIds.pass}`
          ? json(200, { data: consolePass() })
          : undefined,
      );
      const user = userEvent.setup();
      renderApp(`/console/passes/${passIds.pass}`);

      const form = await screen.findByRole('form', { name: 'Edit Neon Season Pass' });
      const price = within(form).getByLabelText(/^Price \(USD\)/);
      await user.clear(price);
      await user.type(price, '0.25');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change the price while it is on sale?' });
      expect(dialog).toHaveAccessibleDescription(
        'Neon Season Pass is on sale now at $25.00 (88 of 500 sold): from the moment you save, buyers pay $0.25. Orders already placed keep their price.',
      );
      expect(writes(sent, 'PATCH')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Change price' }));
      await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(1));
      expect(writes(sent, 'PATCH')[0]!.body).toEqual({ price: 25 });
    },
    JOURNEY_MS,
  );

  it('lists at most eight benefits', async () => {
    consoleWithPasses(() => undefined);
    const user = userEvent.setup();
    renderApp('/console/passes/new');
    const form = await screen.findByRole('form', { name: 'New pass' });
    const add = within(form).getByRole('button', { name: 'Add a benefit' });
    for (let count = 0; count < MAX_PASS_BENEFITS; count += 1) await user.click(add);
    expect(within(form).getAllByRole('textbox', { name: /^Benefit/ })).toHaveLength(MAX_PASS_BENEFITS);
    expect(add).toBeDisabled();
  });
});

describe('console passes: a draft', () => {
  const draftPass = () => consolePass({ publicationStatus: 'DRAFT', publishedAt: null, sold: 0, remaining: 500 });

  /** The console answering for one pass, which PATCH, publish and DELETE change as the API would. */
  function consoleWithOnePass(first: TConsolePass, publishAnswer?: () => Response) {
    let current = first;
    let isDeleted = false;
    const sent = consoleWithPasses((request) => {
      const path = pathnameOf(request.path);
      if (path === '/v1/console/passes') return json(200, { data: page(isDeleted ? [] : [current]) });
      if (path === `/v1/console/passes/${passIds.pass}/publish`) {
        if (publishAnswer) return publishAnswer();
        current = { ...current, publicationStatus: 'PUBLISHED', publishedAt: '2026-11-22T18:00:00.000Z' };
        return json(200, { data: current });
      }
      if (path !== `/v1/console/passes/${passIds.pass}`) return undefined;
      if (request.method === 'DELETE') {
        isDeleted = true;
        return new Response(null, { status: 204 });
      }
      if (request.method === 'PATCH') {
        const body = request.body as Partial<{ supply: number }>;
        current = { ...current, ...body, remaining: body.supply ?? current.remaining, price: current.price };
      }
      return isDeleted ? apiFailure(404, 'PASS_NOT_FOUND') : json(200, { data: current });
    });
    return sent;
  }

  it(
    'shows Draft, lets its supply change, and publishes after a confirmation that says what goes public',
    async () => {
      const sent = consoleWithOnePass(draftPass());
      const user = userEvent.setup();
      renderApp(`/console/passes/${passIds.pass}`);

      const form = await screen.findByRole('form', { name: 'Edit Neon Season Pass' });
      expect(screen.getByText('Draft')).toBeInTheDocument();
      expect(screen.getByText(/^A draft: only operators see it until it is published/)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'View on site' })).toBeNull();
      const supply = within(form).getByRole('spinbutton', { name: /^Supply/ });
      await user.clear(supply);
      await user.type(supply, '600');

      // Unsaved changes would not be published: the dialog says so and will not publish.
      await user.click(screen.getByRole('button', { name: 'Publish' }));
      const warned = await screen.findByRole('dialog', { name: 'Publish Neon Season Pass?' });
      expect(within(warned).getByText(/Save your changes first/)).toBeInTheDocument();
      expect(within(warned).getByRole('button', { name: 'Publish' })).toBeDisabled();
      await user.click(within(warned).getByRole('button', { name: 'Cancel' }));

      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(1));
      expect(writes(sent, 'PATCH')[0]!.body).toEqual({ supply: 600 });
      await waitFor(() =>
        expect(within(screen.getByRole('form')).getByRole('spinbutton', { name: /^Supply/ })).toHaveValue(600),
      );

      await user.click(screen.getByRole('button', { name: 'Publish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish Neon Season Pass?' });
      expect(dialog).toHaveTextContent('Collectors see it on the passes page and its own page');
      expect(dialog).toHaveTextContent('Its supply is issued: 600 numbered passes, fixed from then on.');
      expect(dialog).toHaveTextContent('it cannot go back to a draft or be deleted');
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(writes(sent, 'POST').map((request) => pathnameOf(request.path))).toEqual([
        `/v1/console/passes/${passIds.pass}/publish`,
      ]);
      expect(await screen.findByText('Neon Season Pass is published')).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'View on site' })).toHaveAttribute(
        'href',
        `/pass/${passIds.pass}`,
      );
      expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
      // Published, its supply is issued: shown, no longer a field.
      expect(within(screen.getByRole('form')).queryByRole('spinbutton', { name: /^Supply/ })).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'says in the dialog why a publish was refused, and keeps it open',
    async () => {
      consoleWithOnePass(draftPass(), () =>
        apiFailure(409, 'PASS_ALREADY_PUBLISHED', errorCatalogue.PASS_ALREADY_PUBLISHED.message),
      );
      const user = userEvent.setup();
      renderApp(`/console/passes/${passIds.pass}`);
      await user.click(await screen.findByRole('button', { name: 'Publish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish Neon Season Pass?' });
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      expect(await within(dialog).findByText(errorCatalogue.PASS_ALREADY_PUBLISHED.message)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeEnabled();
    },
    JOURNEY_MS,
  );

  it(
    'deletes a draft after a confirmation, and goes back to the list without it',
    async () => {
      const sent = consoleWithOnePass(draftPass());
      const user = userEvent.setup();
      const { router } = renderApp(`/console/passes/${passIds.pass}`);

      await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
      expect(dialog).toHaveTextContent('“Neon Season Pass” is removed. Collectors never saw it: it is a draft.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/console/passes'));
      // The toast is shown while the dialog is open, drawn inside it, and moves to the page once the dialog has gone:
      // found before then, it could be detached by the time it was checked.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Neon Season Pass deleted')).toBeInTheDocument();
      expect(sent.filter((request) => request.method === 'DELETE').map((request) => pathnameOf(request.path))).toEqual([
        `/v1/console/passes/${passIds.pass}`,
      ]);
      expect(await screen.findByRole('heading', { name: 'No passes yet' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it('shows a draft in the list as Draft, without a sale status', async () => {
    consoleWithOnePass(draftPass());
    renderApp('/console/passes');
    const row = within(await screen.findByRole('table', { name: 'Passes' })).getByRole('row', {
      name: /Neon Season Pass/,
    });
    expect(row).toHaveTextContent('Draft');
    expect(row).not.toHaveTextContent('On sale');
  });
});

describe('console passes: a published pass of a draft brand', () => {
  // The session's review: a published pass offered "View on site" while its brand was a draft, a page not found.
  it('says its brand is a draft instead of offering View on site', async () => {
    const sent = consoleWithPasses((request) => {
      const path = pathnameOf(request.path);
      if (path === `/v1/console/passes/${passIds.pass}`) return json(200, { data: consolePass() });
      if (path === `/v1/console/brands/${ids.neonArcade}`) return json(200, { data: brand({ status: 'DRAFT' }) });
      return undefined;
    });
    renderApp(`/console/passes/${passIds.pass}`);
    expect(await screen.findByText('Not on the site: its brand “Neon Arcade” is a draft.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View on site' })).toBeNull();
    expect(sent.some((request) => pathnameOf(request.path) === `/v1/console/brands/${ids.neonArcade}`)).toBe(true);
  });
});
