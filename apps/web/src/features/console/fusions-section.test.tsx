import {
  errorCatalogue,
  fusionMessages,
  type TCategory,
  type TCollection,
  type TConsoleFusion,
  type TConsoleFusionRequest,
} from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, page, pathnameOf, consoleProductItem, queryOf } from '../../test/catalog-fixtures.ts';
import { inHours } from '../../test/console-drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { consoleFusion, fusionIds, fusionPreview } from '../../test/fusions-fixtures.ts';
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

const { id, slug, name, type, logoUrl } = brand();
const collections: TCollection[] = [
  {
    id: fusionIds.genesisCollection,
    name: 'Neon Genesis',
    imageUrl: null,
    brand: { id, slug, name, type, logoUrl },
    license: null,
    description: null,
    sortOrder: 0,
    status: 'PUBLISHED',
    publishedAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
];
const products = [
  consoleProductItem(),
  consoleProductItem({ id: ids.squire, name: 'Pixel Knight Squire', rarity: 'COMMON' }),
];
const categories: TCategory[] = [
  {
    id: fusionIds.category,
    slug: 'characters',
    name: 'Characters',
    sortOrder: 1,
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
];

/**
 * An admin's console over the catalogue fixtures, and what `answer` says about fusions; `before` answers first
 * (another brand's catalogue).
 */
function consoleWithFusions(
  answer: (request: SentRequest) => Response | undefined,
  before: (request: SentRequest) => Response | undefined = () => undefined,
): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const early = before(request);
    if (early) return early;
    const query = queryOf(request.path);
    switch (pathnameOf(request.path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ isOperator: true }) });
      case '/v1/console/me':
        return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
      case '/v1/console/brands':
        return json(200, {
          data: page([brand(), brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST' })]),
        });
      case '/v1/console/products':
        return json(200, { data: page(query.get('brandId') === ids.neonArcade ? products : []) });
      case '/v1/console/collections':
        return json(200, { data: page(query.get('brandId') === ids.neonArcade ? collections : []) });
      case '/v1/console/categories':
        return json(200, { data: page(categories) });
      case '/v1/console/media':
        return json(201, {
          data: { url: '/uploads/forge.webp', width: 800, height: 800, contentType: 'image/webp', thumbnailUrl: null },
        });
      default:
        return answer(request) ?? apiFailure(404, 'NOT_FOUND');
    }
  });
}

const writes = (sent: SentRequest[], method: 'POST' | 'PUT') =>
  sent.filter(
    (request) =>
      request.method === method &&
      pathnameOf(request.path).startsWith('/v1/console/fusions') &&
      !pathnameOf(request.path).endsWith('/preview'),
  );
const listReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === '/v1/console/fusions');

const pickTime = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const slotRow = (number: number) => screen.getByRole('listitem', { name: new RegExp(`^Slot ${number}`) });
const about = () => within(screen.getByRole('region', { name: 'Fusion' }));

/** An upcoming fusion, as the console reads it. */
function upcoming(changes: Partial<TConsoleFusion> = {}): TConsoleFusion {
  const now = Date.now();
  return consoleFusion({
    status: 'UPCOMING',
    beginAt: inHours(24, now),
    endAt: inHours(24 * 30, now),
    madeCount: 0,
    result: { ...consoleFusion().result, remaining: 100 },
    ...changes,
  });
}

describe('console fusions: the list', () => {
  it('lists fusions with brand, status, schedule, what each makes and how many were made; filters by brand', async () => {
    const sent = consoleWithFusions((request) =>
      pathnameOf(request.path) === '/v1/console/fusions'
        ? json(200, {
            data: page([
              consoleFusion(),
              upcoming({ id: fusionIds.other, name: 'Winter Forge' }),
              // Closed early (session 76's hunt: it said "88 left" of a fusion that makes nothing more).
              consoleFusion({ id: fusionIds.ended, name: 'Autumn Forge', status: 'ENDED' }),
            ]),
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/console/fusions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fusions' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Fusions' })).toHaveAttribute('href', '/console/fusions');

    const table = await screen.findByRole('table', { name: 'Fusions' });
    const row = within(table).getByRole('row', { name: /Dragon Forge/ });
    expect(within(row).getByRole('link', { name: 'Dragon Forge' })).toHaveAttribute(
      'href',
      `/console/fusions/${fusionIds.fusion}`,
    );
    expect(row).toHaveTextContent('Neon Arcade');
    expect(row).toHaveTextContent('Published');
    expect(row).toHaveTextContent('Available');
    expect(row).toHaveTextContent('Dragon of the Eighth Bit');
    expect(row).toHaveTextContent('12 of 100 made · 88 left');
    expect(within(table).getByRole('row', { name: /Winter Forge/ })).toHaveTextContent('Coming up');
    const ended = within(table).getByRole('row', { name: /Autumn Forge/ });
    expect(ended).toHaveTextContent('12 of 100 made · ended');
    expect(ended).not.toHaveTextContent('left');

    const brandFilter = screen.getByLabelText(/Brand/);
    await within(brandFilter).findByRole('option', { name: 'Aria Vale' });
    await user.selectOptions(brandFilter, ids.ariaVale);
    await waitFor(() => expect(queryOf(listReads(sent).at(-1)!.path).get('brandId')).toBe(ids.ariaVale));
    expect(screen.getAllByRole('link', { name: /New fusion/ })[0]).toHaveAttribute('href', '/console/fusions/new');
  });
});

describe('console fusions: the form', () => {
  it(
    'creates a fusion: the contract’s words under their fields first, then the whole request',
    async () => {
      const created = upcoming({ id: fusionIds.created });
      let posts = 0;
      const sent = consoleWithFusions((request) => {
        const path = pathnameOf(request.path);
        if (request.method === 'POST' && path === '/v1/console/fusions') {
          posts += 1;
          // A draft result product is refused, its name under `resultProductId`.
          if (posts === 1) {
            return json(409, {
              code: 'FUSION_RESULT_NOT_PUBLISHED',
              message: errorCatalogue.FUSION_RESULT_NOT_PUBLISHED.message,
              details: [{ field: 'resultProductId', message: 'Dragon of the Eighth Bit is still a draft.' }],
            });
          }
          return json(201, { data: created });
        }
        if (path === `/v1/console/fusions/${fusionIds.created}`) return json(200, { data: created });
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/fusions/new');

      const form = await screen.findByRole('form', { name: 'New fusion' });
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      expect(await within(form).findByText('Choose a brand.')).toBeInTheDocument();
      expect(within(form).getByText('Choose the product the fusion makes.')).toBeInTheDocument();
      expect(within(form).getByText(fusionMessages.supply)).toBeInTheDocument();
      expect(within(form).getByText(fusionMessages.slotName)).toBeInTheDocument();
      expect(within(form).getByText('Choose the rarity this slot takes.')).toBeInTheDocument();
      expect(within(form).getAllByText('Pick a date and time.')).toHaveLength(2);
      expect(writes(sent, 'POST')).toEqual([]);

      const brandSelect = about().getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      const category = about().getByLabelText(/^Category/);
      await within(category).findByRole('option', { name: 'Characters' });
      await user.selectOptions(category, fusionIds.category);
      await user.type(about().getByLabelText(/^Name/), 'Dragon Forge');
      await user.type(about().getByLabelText(/^Description/), 'Forge a legend.');
      await user.upload(
        document.querySelector<HTMLInputElement>('input[type="file"][accept^="image"]')!,
        pngFile('forge.png'),
      );
      expect(await within(form).findByAltText('Artwork: current image')).toBeInTheDocument();

      const [begin, end] = [localTime(24), localTime(24 * 30)];
      pickTime(/^Opens/, end);
      pickTime(/^Closes/, begin);

      const result = within(form).getByLabelText(/^Result product/);
      await within(result).findByRole('option', { name: 'Dragon of the Eighth Bit (Legendary)' });
      await user.selectOptions(result, ids.dragon);
      await user.type(within(form).getByLabelText(/^Result supply/), '100');

      // Slot 1: two Pixel Knight Squires.
      const first = within(slotRow(1));
      await user.type(first.getByLabelText(/^Name/), 'Squires');
      await user.clear(first.getByLabelText(/^Editions/));
      await user.type(first.getByLabelText(/^Editions/), '2');
      await user.selectOptions(first.getByLabelText(/^Takes/), 'PRODUCT');
      // The result itself, first: a fusion may not take what it makes.
      await user.selectOptions(first.getByLabelText(/^Product/), ids.dragon);

      // Slot 2: one with Element: Fire.
      await user.click(within(form).getByRole('button', { name: 'Add slot' }));
      const second = within(slotRow(2));
      await user.type(second.getByLabelText(/^Name/), 'Fire');
      await user.selectOptions(second.getByLabelText(/^Takes/), 'TRAIT');
      await user.type(second.getByLabelText(/^Trait/), 'Element');
      await user.type(second.getByLabelText(/^Value/), 'Fire');

      // It closes before it opens: the contract's own rule, under the field it is about.
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      const order = await within(form).findByText(fusionMessages.times);
      expect(screen.getByLabelText(/^Closes/).getAttribute('aria-describedby')).toContain(order.id);
      const ownResult = await first.findByText(fusionMessages.ownResult);
      expect(first.getByLabelText(/^Product/).getAttribute('aria-describedby')).toContain(ownResult.id);
      expect(writes(sent, 'POST')).toEqual([]);
      await user.selectOptions(first.getByLabelText(/^Product/), ids.squire);

      pickTime(/^Opens/, begin);
      pickTime(/^Closes/, end);
      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      const draft = await within(form).findByText('Dragon of the Eighth Bit is still a draft.');
      expect(
        within(form)
          .getByLabelText(/^Result product/)
          .getAttribute('aria-describedby'),
      ).toContain(draft.id);
      // The fusion's own words on top.
      expect(within(form).getByText(errorCatalogue.FUSION_RESULT_NOT_PUBLISHED.message)).toBeInTheDocument();

      await user.click(within(form).getByRole('button', { name: 'Create draft' }));
      await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(2));
      expect(writes(sent, 'POST')[0]!.body).toEqual({
        brandId: ids.neonArcade,
        categoryId: fusionIds.category,
        name: 'Dragon Forge',
        description: 'Forge a legend.',
        imageUrl: '/uploads/forge.webp',
        beginAt: sentTime(begin),
        endAt: sentTime(end),
        resultProductId: ids.dragon,
        resultSupply: 100,
        slots: [
          { name: 'Squires', requiredCount: 2, rule: { kind: 'PRODUCT', productId: ids.squire } },
          { name: 'Fire', requiredCount: 1, rule: { kind: 'TRAIT', traitType: 'Element', value: 'Fire' } },
        ],
      } satisfies TConsoleFusionRequest);
      // The new fusion opens for editing.
      expect(await screen.findByRole('heading', { level: 1, name: 'Dragon Forge' })).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'edits an upcoming fusion with PUT, shows the API’s field errors under their slot fields, and FUSION_STARTED on top',
    async () => {
      let puts = 0;
      const saved = upcoming();
      const sent = consoleWithFusions((request) => {
        if (pathnameOf(request.path) !== `/v1/console/fusions/${fusionIds.fusion}`) return undefined;
        if (request.method !== 'PUT') return json(200, { data: saved });
        puts += 1;
        if (puts === 1) {
          return json(400, {
            code: 'INVALID_REQUEST',
            message: errorCatalogue.INVALID_REQUEST.message,
            details: [
              { field: 'slots.1.requiredCount', message: 'No collector holds 3 Rare editions.' },
              { field: 'slots.3.rule.value', message: 'No product has Element: Fire.' },
            ],
          });
        }
        return apiFailure(409, 'FUSION_STARTED', errorCatalogue.FUSION_STARTED.message);
      });
      const user = userEvent.setup();
      renderApp(`/console/fusions/${fusionIds.fusion}`);

      const form = await screen.findByRole('form', { name: 'Edit Dragon Forge' });
      expect(await screen.findByRole('link', { name: 'View on site' })).toHaveAttribute(
        'href',
        `/fusions/${fusionIds.fusion}`,
      );
      // The brand is fixed once made; the rest comes as saved.
      expect(about().queryByLabelText(/^Brand/)).toBeNull();
      expect(about().getByText('Neon Arcade')).toBeInTheDocument();
      // So are its result and supply: minted when it was made.
      expect(within(form).getByText('Dragon of the Eighth Bit · Legendary')).toBeInTheDocument();
      expect(within(form).getByText('100 results · 0 made · 100 left')).toBeInTheDocument();
      expect(within(form).getByText(fusionMessages.resultIsFinal)).toBeInTheDocument();
      expect(within(form).queryByLabelText(/^Result supply/)).toBeNull();
      await waitFor(() => expect(within(slotRow(1)).getByLabelText(/^Product/)).toHaveValue(fusionIds.squireProduct));
      expect(within(slotRow(1)).getByLabelText(/^Takes/)).toHaveValue('PRODUCT');
      expect(within(slotRow(2)).getByLabelText(/^Rarity/)).toHaveValue('RARE');
      expect(within(slotRow(3)).getByLabelText(/^Collection/)).toHaveValue(fusionIds.genesisCollection);
      expect(within(slotRow(4)).getByLabelText(/^Value/)).toHaveValue('Fire');

      await user.clear(within(slotRow(2)).getByLabelText(/^Editions/));
      await user.type(within(slotRow(2)).getByLabelText(/^Editions/), '3');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));

      const countError = await within(slotRow(2)).findByText('No collector holds 3 Rare editions.');
      expect(
        within(slotRow(2))
          .getByLabelText(/^Editions/)
          .getAttribute('aria-describedby'),
      ).toContain(countError.id);
      expect(within(slotRow(4)).getByText('No product has Element: Fire.')).toBeInTheDocument();
      // Only field errors: nothing on top; what was typed stays.
      expect(within(form).queryByText(errorCatalogue.INVALID_REQUEST.message)).toBeNull();
      expect(within(slotRow(2)).getByLabelText(/^Editions/)).toHaveValue(3);

      const put = writes(sent, 'PUT')[0]!;
      // Made from the version loaded: refused if someone saved it since (ENTRY_CHANGED).
      expect(put.ifMatch).toBe(`"${saved.updatedAt}"`);
      // The whole fusion is sent, the fixed parts as they are.
      expect(put.body).toMatchObject({ brandId: ids.neonArcade, resultProductId: ids.dragon, resultSupply: 100 });
      expect((put.body as TConsoleFusionRequest).slots[1]).toEqual({
        name: 'Rare spark',
        requiredCount: 3,
        rule: { kind: 'RARITY', rarity: 'RARE' },
      });
      expect((put.body as TConsoleFusionRequest).slots).toHaveLength(4);

      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await within(form).findByText(errorCatalogue.FUSION_STARTED.message)).toBeInTheDocument();
      expect(within(form).getAllByRole('alert')[0]).toHaveTextContent(errorCatalogue.FUSION_STARTED.message);
    },
    JOURNEY_MS,
  );

  describe('left open across its opening', () => {
    afterEach(() => vi.useRealTimers());

    it('turns read-only as the fusion opens, and drops Close now as it ends, without a reload', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const opensAt = Date.now() + 30_000;
      const fusion = upcoming({
        beginAt: new Date(opensAt).toISOString(),
        endAt: new Date(opensAt + 60_000).toISOString(),
      });
      const sent = consoleWithFusions((request) =>
        pathnameOf(request.path) === `/v1/console/fusions/${fusionIds.fusion}`
          ? json(200, { data: fusion })
          : undefined,
      );
      renderApp(`/console/fusions/${fusionIds.fusion}`);
      await screen.findByRole('form', { name: 'Edit Dragon Forge' });
      expect(within(slotRow(1)).getByLabelText(/^Name/)).toBeEnabled();
      expect(screen.queryByText(fusionMessages.startedIsFinal)).toBeNull();
      const reads = () =>
        sent.filter((request) => pathnameOf(request.path) === `/v1/console/fusions/${fusionIds.fusion}`).length;
      const readsBefore = reads();

      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText(fusionMessages.startedIsFinal)).toBeInTheDocument();
      expect(within(slotRow(1)).getByLabelText(/^Name/)).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Close now' })).toBeInTheDocument();

      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Close now' })).toBeNull());
      // The clock turned the page, not a read of the fusion.
      expect(reads()).toBe(readsBefore);
    });
  });

  it('shows a fusion that has begun as it is, with nothing to save', async () => {
    const sent = consoleWithFusions((request) =>
      pathnameOf(request.path) === `/v1/console/fusions/${fusionIds.fusion}`
        ? json(200, { data: consoleFusion() })
        : undefined,
    );
    renderApp(`/console/fusions/${fusionIds.fusion}`);
    const form = await screen.findByRole('form', { name: 'Edit Dragon Forge' });
    expect(screen.getByText(fusionMessages.startedIsFinal)).toBeInTheDocument();
    expect(screen.getByText('Neon Arcade · 12 of 100 made · 88 left')).toBeInTheDocument();
    expect(within(slotRow(1)).getByLabelText(/^Name/)).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(writes(sent, 'PUT')).toEqual([]);
  });

  it('previews what fits each slot: how many editions, held by how many collectors, and a few of them', async () => {
    const sent = consoleWithFusions((request) => {
      const path = pathnameOf(request.path);
      if (path === '/v1/console/fusions/preview') return json(200, { data: fusionPreview() });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/console/fusions/new');
    const form = await screen.findByRole('form', { name: 'New fusion' });

    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(
      await within(form).findByText('Choose the brand and complete each slot’s rule to preview it.'),
    ).toBeInTheDocument();

    const brandSelect = about().getByLabelText(/^Brand/);
    await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
    await user.selectOptions(brandSelect, ids.neonArcade);
    await user.selectOptions(within(slotRow(1)).getByLabelText(/^Takes/), 'PRODUCT');
    const product = within(slotRow(1)).getByLabelText(/^Product/);
    await within(product).findByRole('option', { name: 'Pixel Knight Squire (Common)' });
    await user.selectOptions(product, ids.squire);
    await user.click(within(form).getByRole('button', { name: 'Add slot' }));
    await user.selectOptions(within(slotRow(2)).getByLabelText(/^Rarity/), 'EPIC');

    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await within(slotRow(1)).findByRole('group', { name: 'Preview' });
    expect(preview).toHaveTextContent('120 editions held by 45 collectors fit');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pixel Knight Squire #4', 'Pixel Knight Squire #9']);
    expect(within(slotRow(2)).getByRole('group', { name: 'Preview' })).toHaveTextContent(
      'No edition in a collection fits this slot yet.',
    );
    const asked = sent.find((request) => pathnameOf(request.path) === '/v1/console/fusions/preview')!;
    expect(asked.method).toBe('POST');
    expect(asked.body).toEqual({
      brandId: ids.neonArcade,
      slots: [{ rule: { kind: 'PRODUCT', productId: ids.squire } }, { rule: { kind: 'RARITY', rarity: 'EPIC' } }],
    });

    // A changed rule makes the preview out of date: it is no longer shown under the slots.
    await user.selectOptions(within(slotRow(2)).getByLabelText(/^Rarity/), 'RARE');
    expect(within(form).getByText(/^The slots changed since the last preview/)).toBeInTheDocument();
    expect(within(slotRow(1)).queryByRole('group', { name: 'Preview' })).toBeNull();
  });
});

describe('console fusions: drafts, publishing and closing', () => {
  /** The console answering for one fusion, which publish, close and DELETE change as the API would. */
  function consoleWithOneFusion(first: TConsoleFusion, answers: { close?: () => Response } = {}) {
    let current = first;
    let isDeleted = false;
    return consoleWithFusions((request) => {
      const path = pathnameOf(request.path);
      if (path === '/v1/console/fusions') return json(200, { data: page(isDeleted ? [] : [current]) });
      if (path === `/v1/console/fusions/${fusionIds.fusion}/publish`) {
        current = { ...current, publicationStatus: 'PUBLISHED', publishedAt: new Date().toISOString() };
        return json(200, { data: current });
      }
      if (path === `/v1/console/fusions/${fusionIds.fusion}/close`) {
        if (answers.close) return answers.close();
        current = { ...current, status: 'ENDED', endAt: new Date().toISOString() };
        return json(200, { data: current });
      }
      if (path !== `/v1/console/fusions/${fusionIds.fusion}`) return undefined;
      if (request.method === 'DELETE') {
        isDeleted = true;
        return new Response(null, { status: 204 });
      }
      return isDeleted ? apiFailure(404, 'FUSION_NOT_FOUND') : json(200, { data: current });
    });
  }
  const draft = (changes: Partial<TConsoleFusion> = {}) =>
    upcoming({ publicationStatus: 'DRAFT', publishedAt: null, ...changes });
  const posts = (sent: SentRequest[]) => writes(sent, 'POST').map((request) => pathnameOf(request.path));

  it('lists a draft as Draft, without its schedule status', async () => {
    consoleWithOneFusion(draft());
    renderApp('/console/fusions');
    const row = within(await screen.findByRole('table', { name: 'Fusions' })).getByRole('row', {
      name: /Dragon Forge/,
    });
    expect(row).toHaveTextContent('Draft');
    expect(row).not.toHaveTextContent('Coming up');
    expect(row).toHaveTextContent('100 results, minted when published');
  });

  it(
    'keeps a draft editable even once its begin time has passed, result and supply included, and publishes it after a confirmation',
    async () => {
      const now = Date.now();
      const sent = consoleWithOneFusion(draft({ beginAt: inHours(-1, now), status: 'AVAILABLE' }));
      const user = userEvent.setup();
      renderApp(`/console/fusions/${fusionIds.fusion}`);

      const form = await screen.findByRole('form', { name: 'Edit Dragon Forge' });
      expect(screen.getByText('Draft')).toBeInTheDocument();
      expect(screen.queryByText(fusionMessages.startedIsFinal)).toBeNull();
      expect(screen.queryByRole('link', { name: 'View on site' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Close now' })).toBeNull();
      expect(within(form).getByLabelText(/^Result supply/)).toHaveValue(100);
      expect(within(form).getByLabelText(/^Result product/)).toBeEnabled();
      expect(within(form).getByRole('button', { name: 'Save changes' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Publish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish Dragon Forge?' });
      expect(dialog).toHaveTextContent('Collectors see it while its brand is published: open at once');
      expect(dialog).toHaveTextContent(
        'Its results are minted: 100 editions of Dragon of the Eighth Bit take their serial numbers now.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(posts(sent)).toEqual([`/v1/console/fusions/${fusionIds.fusion}/publish`]);
      expect(await screen.findByText('Dragon Forge is published')).toBeInTheDocument();
      // Published and begun: as it is, with Close now and View on site.
      expect(await screen.findByText(fusionMessages.startedIsFinal)).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'View on site' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close now' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'closes an open fusion now after a confirmation, and says in the dialog when it had already ended',
    async () => {
      let closes = 0;
      const sent = consoleWithOneFusion(consoleFusion({ endAt: inHours(24 * 30, Date.now()) }), {
        close: () => {
          closes += 1;
          return apiFailure(409, 'FUSION_ALREADY_ENDED', errorCatalogue.FUSION_ALREADY_ENDED.message);
        },
      });
      const user = userEvent.setup();
      renderApp(`/console/fusions/${fusionIds.fusion}`);

      await user.click(await screen.findByRole('button', { name: 'Close now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close Dragon Forge now?' });
      expect(dialog).toHaveTextContent('collectors see it ended and can no longer fuse. This cannot be undone.');
      await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
      expect(await within(dialog).findByText(errorCatalogue.FUSION_ALREADY_ENDED.message)).toBeInTheDocument();
      expect(closes).toBe(1);
      expect(posts(sent)).toEqual([`/v1/console/fusions/${fusionIds.fusion}/close`]);
    },
    JOURNEY_MS,
  );

  it(
    'closes an open fusion: a toast, and it shows as ended with nothing more to close',
    async () => {
      consoleWithOneFusion(consoleFusion({ endAt: inHours(24 * 30, Date.now()) }));
      const user = userEvent.setup();
      renderApp(`/console/fusions/${fusionIds.fusion}`);
      await user.click(await screen.findByRole('button', { name: 'Close now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close Dragon Forge now?' });
      await user.click(within(dialog).getByRole('button', { name: 'Close now' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Dragon Forge is closed')).toBeInTheDocument();
      expect(await screen.findByText('Ended')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Close now' })).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'deletes a draft after a confirmation, and goes back to the list without it',
    async () => {
      const sent = consoleWithOneFusion(draft());
      const user = userEvent.setup();
      const { router } = renderApp(`/console/fusions/${fusionIds.fusion}`);
      await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
      expect(dialog).toHaveTextContent('“Dragon Forge” and its slots are removed.');
      await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/console/fusions'));
      // The toast is shown while the dialog is open, drawn inside it, and moves to the page once the dialog has gone:
      // found before then, it could be detached by the time it was checked.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Dragon Forge deleted')).toBeInTheDocument();
      expect(sent.filter((request) => request.method === 'DELETE').map((request) => pathnameOf(request.path))).toEqual([
        `/v1/console/fusions/${fusionIds.fusion}`,
      ]);
    },
    JOURNEY_MS,
  );
});

const entryNumber = (n: number) => String(n).padStart(3, '0');
/** Product n of the brand's 150: "Product 001" … "Product 150", all common. */
const nthProduct = (n: number) =>
  consoleProductItem({
    id: `0190a0b0-0000-7000-8000-000000${entryNumber(n)}f21`,
    name: `Product ${entryNumber(n)}`,
    rarity: 'COMMON',
  });
/** Collection n of the brand's 150: "Collection 001" … "Collection 150". */
const nthCollection = (n: number): TCollection => ({
  ...collections[0]!,
  id: `0190a0b0-0000-7000-8000-000000${entryNumber(n)}f31`,
  name: `Collection ${entryNumber(n)}`,
});
const brandCatalogue: Record<string, { id: string; name: string }[]> = {
  '/v1/console/products': Array.from({ length: 150 }, (_, n) => nthProduct(n + 1)),
  '/v1/console/collections': Array.from({ length: 150 }, (_, n) => nthCollection(n + 1)),
};

/** The brand's products and collections as the API pages them: the first 100 of 150, or those a search finds. */
function brandCataloguePage(request: SentRequest): Response | undefined {
  const all = brandCatalogue[pathnameOf(request.path)];
  if (!all) return undefined;
  const q = queryOf(request.path).get('q');
  if (!q) return json(200, { data: page(all.slice(0, 100), { size: 100, total: 150 }) });
  return json(200, {
    data: page(
      all.filter((entry) => entry.name.includes(q)),
      { size: 100 },
    ),
  });
}

const readsOf = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === path);

// Review: a fusion's result and its slots' products and collections were chosen among the brand's first 100 only, and
// a failed list read 'Loading…' for good.
describe('console fusions: products and collections beyond the brand’s first hundred', () => {
  it(
    'finds the result and each slot’s product or collection by name, and keeps each chosen through another search',
    async () => {
      const sent = consoleWithFusions(() => undefined, brandCataloguePage);
      const user = userEvent.setup();
      renderApp('/console/fusions/new');

      const form = within(await screen.findByRole('form', { name: 'New fusion' }));
      const brandSelect = about().getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);

      const result = form.getByLabelText(/^Result product/);
      await within(result).findByRole('option', { name: 'Product 100 (Common)' });
      expect(form.getByText('50 more products: search by name to find them.')).toBeInTheDocument();
      const resultSearch = form.getByRole('searchbox', { name: 'Search products by name' });
      await user.type(resultSearch, '142');
      await within(result).findByRole('option', { name: 'Product 142 (Common)' });
      expect(queryOf(readsOf(sent, '/v1/console/products').at(-1)!.path).get('q')).toBe('142');
      await user.selectOptions(result, nthProduct(142).id);
      await user.clear(resultSearch);
      await user.type(resultSearch, '007');
      await within(result).findByRole('option', { name: 'Product 007 (Common)' });
      expect(result).toHaveValue(nthProduct(142).id);
      expect(within(result).getByRole('option', { selected: true })).toHaveTextContent('Product 142 (Common)');

      // Slot 1 takes a product, searched on its own.
      const first = within(slotRow(1));
      await user.selectOptions(first.getByLabelText(/^Takes/), 'PRODUCT');
      const product = first.getByLabelText(/^Product/);
      await within(product).findByRole('option', { name: 'Product 100 (Common)' });
      const productSearch = first.getByRole('searchbox', { name: 'Search products by name (Slot 1)' });
      await user.type(productSearch, '120');
      await within(product).findByRole('option', { name: 'Product 120 (Common)' });
      await user.selectOptions(product, nthProduct(120).id);
      await user.clear(productSearch);
      await within(product).findByRole('option', { name: 'Product 001 (Common)' });
      expect(product).toHaveValue(nthProduct(120).id);
      expect(result).toHaveValue(nthProduct(142).id);

      // Slot 2 takes a collection.
      await user.click(form.getByRole('button', { name: 'Add slot' }));
      const second = within(slotRow(2));
      await user.selectOptions(second.getByLabelText(/^Takes/), 'COLLECTION');
      const collection = second.getByLabelText(/^Collection/);
      await within(collection).findByRole('option', { name: 'Collection 100' });
      const collectionSearch = second.getByRole('searchbox', { name: 'Search collections by name (Slot 2)' });
      await user.type(collectionSearch, '131');
      await within(collection).findByRole('option', { name: 'Collection 131' });
      expect(queryOf(readsOf(sent, '/v1/console/collections').at(-1)!.path).get('q')).toBe('131');
      await user.selectOptions(collection, nthCollection(131).id);
      await user.clear(collectionSearch);
      await within(collection).findByRole('option', { name: 'Collection 001' });
      expect(collection).toHaveValue(nthCollection(131).id);
      expect(within(collection).getByRole('option', { selected: true })).toHaveTextContent('Collection 131');
    },
    JOURNEY_MS,
  );

  it(
    'says when the brand’s products could not be loaded, and Try again loads them',
    async () => {
      let isDown = true;
      consoleWithFusions(
        () => undefined,
        (request) =>
          isDown && pathnameOf(request.path) === '/v1/console/products'
            ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.')
            : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/fusions/new');

      const form = within(await screen.findByRole('form', { name: 'New fusion' }));
      const brandSelect = about().getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      const result = within(screen.getByRole('region', { name: 'What it makes' }));
      const failed = await result.findByRole('alert');
      expect(failed).toHaveTextContent('Something went wrong on our side');
      expect(form.getByLabelText(/^Result product/)).not.toHaveAttribute('aria-busy');
      isDown = false;
      await user.click(within(failed).getByRole('button', { name: 'Try again' }));
      await within(form.getByLabelText(/^Result product/)).findByRole('option', {
        name: 'Dragon of the Eighth Bit (Legendary)',
      });
    },
    JOURNEY_MS,
  );
});
