import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, type TFusionMaterial } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { fusionIds, fusionRun, material, twoSlotFusion } from '../../test/fusions-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const slotsUrl = `/fusions/${fusionIds.fusion}/slots`;
const fusePath = `/v1/fusions/${fusionIds.fusion}/fuse`;
const materialsPath = (slotId: string) => `/v1/fusions/${fusionIds.fusion}/slots/${slotId}/materials`;

// My editions: three Squires to choose from, one locked and one on a figure base; one Rare knight.
const squire12 = material(12);
const squire13 = material(13);
const squire14 = material(14);
const lockedSquire = material(15, { protection: 'LOCKED' });
const equippedSquire = material(16, { protection: 'EQUIPPED' });
const rareKnight = material(7, {
  editionSize: null,
  product: {
    id: fusionIds.knightProduct,
    name: 'Pixel Knight',
    rarity: 'RARE',
    imageThumbnailUrl: '/uploads/knight-thumb.webp',
  },
});

type Route = (request: SentRequest) => Response | Promise<Response> | undefined;

const myMaterials: Record<string, TFusionMaterial[]> = {
  [fusionIds.squires]: [squire12, squire13, squire14, lockedSquire, equippedSquire],
  [fusionIds.rare]: [rareKnight],
};

/** A signed-in collector, the two-slot fusion and their `materials` for each slot; `fuse` answers the fusion. */
function collector(fuse: Route = () => undefined, materials = myMaterials) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi(async (request) => {
    const path = pathnameOf(request.path);
    if (path === fusePath && request.method === 'POST')
      return (await fuse(request)) ?? apiFailure(500, 'INTERNAL_ERROR');
    if (path === `/v1/fusions/${fusionIds.fusion}`) return json(200, { data: twoSlotFusion() });
    if (path === `/v1/fusions/${fusionIds.fusion}/runs/${fusionIds.run}`) {
      return json(200, { data: fusionRun([squire12, squire13, rareKnight]) });
    }
    const slot = /^\/v1\/fusions\/[^/]+\/slots\/([^/]+)\/materials$/.exec(path);
    if (slot) return json(200, { data: page(materials[slot[1]!] ?? [], { size: 100 }) });
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const reads = (sent: SentRequest[], path: string) =>
  sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === path).length;

function idempotencyKeysSent(): Array<string | null> {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => pathnameOf(String(url)) === fusePath && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

const slot = (name: string) => screen.getByRole('listitem', { name });
const tile = (name: RegExp) => screen.getByRole('checkbox', { name });

/** Open the page and fill both slots: Squires #12 and #13, and the Rare knight. */
async function fillSlots() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderApp(slotsUrl);
  await user.click(await screen.findByRole('checkbox', { name: /Pixel Knight Squire #12 \/ 500/ }));
  await user.click(tile(/Pixel Knight Squire #13 \/ 500/));
  await user.click(await screen.findByRole('checkbox', { name: /^Pixel Knight #7/ }));
  return { user, ...view };
}

async function openConfirmation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Fuse' }));
  return screen.findByRole('dialog', { name: 'Burn these editions?' });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('fusion slots: choosing materials', () => {
  it('marks a chosen tile once, with its own checkbox: no second tick is drawn beside it', async () => {
    collector();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(slotsUrl);
    const squire = await screen.findByRole('checkbox', { name: /Pixel Knight Squire #12 \/ 500/ });
    await user.click(squire);
    expect(squire).toBeChecked();
    // The tile is the checkbox's label: its artwork, name and number, and nothing else that draws a tick.
    expect(squire.closest('label')!.querySelectorAll('svg')).toHaveLength(0);
  });

  it('reads my editions for each slot, holds a slot to its count, and keeps protected editions out', async () => {
    const sent = collector();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(slotsUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose materials' })).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: /Pixel Knight Squire #12 \/ 500/ });
    expect(document.title).toMatch(/^Choose materials · Dragon Forge/);
    const asked = sent.find((request) => pathnameOf(request.path) === materialsPath(fusionIds.squires))!;
    expect(queryOf(asked.path).get('size')).toBe('100');
    expect(asked.authorization).toBe('Bearer a1');

    const squires = slot('Squires');
    expect(squires).toHaveTextContent('2 × Pixel Knight Squire');
    expect(squires).toHaveTextContent('0 of 2 selected');
    expect(screen.getByText(/items selected/).parentElement).toHaveTextContent('0 of 3 items selected');
    // A pick is said once, by its slot's count: the bar's total is not a second live region.
    expect(screen.getByText(/items selected/).closest('[aria-live]')).toBeNull();
    expect(within(squires).getByText(/0 of 2 selected/)).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Fuse' })).toBeDisabled();

    // Locked and equipped editions show, greyed with their reason, and cannot be ticked.
    const locked = tile(/Pixel Knight Squire #15 \/ 500/);
    expect(locked).toBeDisabled();
    expect(locked).toHaveAccessibleDescription('Locked');
    expect(tile(/Pixel Knight Squire #16 \/ 500/)).toBeDisabled();
    expect(tile(/Pixel Knight Squire #16 \/ 500/)).toHaveAccessibleDescription('On a figure base');

    await user.click(tile(/Pixel Knight Squire #12 \/ 500/));
    await user.click(tile(/Pixel Knight Squire #13 \/ 500/));
    expect(squires).toHaveTextContent('2 of 2 selected');
    // Full: a third Squire cannot join until one is cleared.
    expect(tile(/Pixel Knight Squire #14 \/ 500/)).toBeDisabled();
    expect(within(squires).getByText('This slot is full: clear one to choose another.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fuse' })).toBeDisabled();

    await user.click(tile(/Pixel Knight Squire #12 \/ 500/));
    expect(squires).toHaveTextContent('1 of 2 selected');
    expect(tile(/Pixel Knight Squire #14 \/ 500/)).toBeEnabled();
    await user.click(tile(/Pixel Knight Squire #14 \/ 500/));

    const rare = slot('Rare spark');
    expect(rare).toHaveTextContent('1 × any Rare edition');
    await user.click(within(rare).getByRole('checkbox', { name: /^Pixel Knight #7/ }));
    expect(rare).toHaveTextContent('1 of 1 selected');
    expect(screen.getByText(/items selected/).parentElement).toHaveTextContent('3 of 3 items selected');
    expect(screen.getByRole('button', { name: 'Fuse' })).toBeEnabled();
  });

  it('lets an edition that fits two slots burn in one only', async () => {
    // The Rare knight fits the Squires slot too: chosen for Rare spark, it is taken there.
    collector(undefined, { [fusionIds.squires]: [squire12, rareKnight], [fusionIds.rare]: [rareKnight] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(slotsUrl);
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Pixel Knight #7/ })).toHaveLength(2));
    await user.click(within(slot('Rare spark')).getByRole('checkbox', { name: /^Pixel Knight #7/ }));
    const elsewhere = within(slot('Squires')).getByRole('checkbox', { name: /^Pixel Knight #7/ });
    expect(elsewhere).toBeDisabled();
    expect(elsewhere).toHaveAccessibleDescription('Chosen for “Rare spark”');
  });

  it('keeps my picks in the address, replacing the history entry, and a reload comes back to them', async () => {
    collector();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, unmount } = renderApp(slotsUrl);
    await user.click(await screen.findByRole('checkbox', { name: /Pixel Knight Squire #12 \/ 500/ }));
    await user.click(await screen.findByRole('checkbox', { name: /^Pixel Knight #7/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?${new URLSearchParams([
          [fusionIds.squires, squire12.editionId],
          [fusionIds.rare, rareKnight.editionId],
        ])}`,
      ),
    );
    // A pick is form state: it takes no history entry of its own, so Back leaves the page.
    expect(router.state.historyAction).toBe('REPLACE');
    const reloadUrl = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();

    renderApp(reloadUrl);
    await waitFor(() => expect(tile(/Pixel Knight Squire #12 \/ 500/)).toBeChecked());
    expect(slot('Squires')).toHaveTextContent('1 of 2 selected');
    expect(await screen.findByRole('checkbox', { name: /^Pixel Knight #7/ })).toBeChecked();
    expect(screen.getByText(/items selected/).parentElement).toHaveTextContent('2 of 3 items selected');
  });

  it('drops picks from the address that the API does not offer for that slot, and rewrites the address without them', async () => {
    // The Rare knight fits both slots: the address picks it for both, and one edition burns once.
    collector(undefined, {
      [fusionIds.squires]: [squire12, squire13, squire14, lockedSquire, rareKnight],
      [fusionIds.rare]: [rareKnight],
    });
    const gone = '0190a0b0-0000-7000-8000-0000000e9999';
    const address = new URLSearchParams([
      [fusionIds.squires, lockedSquire.editionId], // protected since
      [fusionIds.squires, gone], // no longer mine
      [fusionIds.squires, rareKnight.editionId],
      [fusionIds.squires, squire13.editionId],
      [fusionIds.squires, squire14.editionId], // over the slot's count of two
      [fusionIds.rare, rareKnight.editionId], // already picked for Squires
    ]);
    const { router } = renderApp(`${slotsUrl}?${address}`);

    await waitFor(() => expect(slot('Squires')).toHaveTextContent('2 of 2 selected'));
    const squires = slot('Squires');
    expect(within(squires).getByRole('checkbox', { name: /^Pixel Knight #7/ })).toBeChecked();
    expect(tile(/Pixel Knight Squire #13 \/ 500/)).toBeChecked();
    expect(tile(/Pixel Knight Squire #14 \/ 500/)).not.toBeChecked();
    expect(tile(/Pixel Knight Squire #15 \/ 500/)).not.toBeChecked();
    const rare = slot('Rare spark');
    await waitFor(() => expect(rare).toHaveTextContent('0 of 1 selected'));
    expect(within(rare).getByRole('checkbox', { name: /^Pixel Knight #7/ })).not.toBeChecked();
    expect(screen.getByText(/items selected/).parentElement).toHaveTextContent('2 of 3 items selected');

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?${new URLSearchParams([
          [fusionIds.squires, rareKnight.editionId],
          [fusionIds.squires, squire13.editionId],
        ])}`,
      ),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor to sign in first, and back', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    const { router } = renderApp(slotsUrl);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(slotsUrl);
  });
});

describe('fusion slots: burning', () => {
  it('confirms exactly what burns, runs the fusion, and reveals the new edition', async () => {
    const answer = deferred<Response>();
    const sent = collector(() => answer.promise);
    const { user, router } = await fillSlots();
    const dialog = await openConfirmation(user);

    const burned = within(within(dialog).getByRole('list', { name: 'Editions to burn' })).getAllByRole('listitem');
    expect(burned.map((item) => item.textContent)).toEqual([
      'Pixel Knight Squire #12 / 500Squires',
      'Pixel Knight Squire #13 / 500Squires',
      'Pixel Knight #7Rare spark',
    ]);
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(within(dialog).getByRole('region', { name: 'You receive' })).toHaveTextContent(
      '1 × Dragon of the Eighth BitLegendary',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Burn and fuse' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Fusing…');
    expect(within(dialog).getByRole('button', { name: 'Burn and fuse' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const post = sent.find((request) => request.method === 'POST' && pathnameOf(request.path) === fusePath)!;
    expect(post.body).toEqual({
      slots: [
        { slotId: fusionIds.squires, editionIds: [squire12.editionId, squire13.editionId] },
        { slotId: fusionIds.rare, editionIds: [rareKnight.editionId] },
      ],
    });
    expect(idempotencyKeysSent()[0]).toMatch(/^[0-9a-f-]{36}$/);
    const materialReads = reads(sent, materialsPath(fusionIds.squires));

    answer.resolve(json(201, { data: fusionRun([squire12, squire13, rareKnight]) }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Fusion complete' });
    expect(heading).toHaveFocus();
    // The tab names the screen shown, as its heading does: a page of its own in the history.
    expect(document.title).toMatch(/^Fusion complete · Dragon Forge/);
    expect(screen.queryByRole('dialog')).toBeNull();
    const result = screen.getByRole('region', { name: 'Fusion complete' });
    expect(within(result).getByRole('img', { name: 'Dragon of the Eighth Bit artwork' })).toHaveAttribute(
      'src',
      '/uploads/dragon.webp',
    );
    expect(within(result).getByRole('heading', { level: 3, name: 'Dragon of the Eighth Bit' })).toBeInTheDocument();
    expect(result).toHaveTextContent('#13 / 100');
    expect(within(result).getByText('Contract address').nextElementSibling).toHaveTextContent(
      '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    );
    expect(within(result).getByText('Token ID').nextElementSibling).toHaveTextContent('4200013');
    expect(within(result).getByRole('link', { name: 'View your new collectible' })).toHaveAttribute(
      'href',
      `/nfts/${fusionIds.newEdition}`,
    );
    expect(within(result).getByRole('link', { name: 'My Collection' })).toHaveAttribute('href', '/collections');
    // What was picked is burned: the address names the run instead, for a reload to show it again.
    await waitFor(() => expect(router.state.location.search).toBe(`?run=${fusionIds.run}`));
    // The fusion and my materials are read again: what was burned is gone from them.
    await waitFor(() => expect(reads(sent, `/v1/fusions/${fusionIds.fusion}`)).toBeGreaterThan(1));
    await waitFor(() => expect(reads(sent, materialsPath(fusionIds.squires))).toBeGreaterThan(materialReads));
  });

  /**
   * A collector whose fusion succeeds; my materials read after it wait for `rereadGate`, then come without the burned
   * editions.
   */
  function collectorFusing(rereadGate: Promise<void>) {
    let isFused = false;
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const burnedIds = new Set([squire12.editionId, squire13.editionId, rareKnight.editionId]);
    stubApi(async (request) => {
      const path = pathnameOf(request.path);
      if (path === fusePath && request.method === 'POST') {
        isFused = true;
        return json(201, { data: fusionRun([squire12, squire13, rareKnight]) });
      }
      if (path === `/v1/fusions/${fusionIds.fusion}`) return json(200, { data: twoSlotFusion() });
      const slot = /^\/v1\/fusions\/[^/]+\/slots\/([^/]+)\/materials$/.exec(path);
      if (slot) {
        if (isFused) await rereadGate;
        const offered = (myMaterials[slot[1]!] ?? []).filter((item) => !isFused || !burnedIds.has(item.editionId));
        return json(200, { data: page(offered, { size: 100 }) });
      }
      if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
      return apiFailure(404, 'NOT_FOUND');
    });
  }

  // After a fusion my materials are read again without the burned editions, and the picks are rewritten without
  // them: that rewrite must not take the run back out of the address. (A CI run of the fusion journey lost the run on
  // a busy machine: writes started from the address last rendered; app/address-writes.test.tsx holds that race.)
  it('keeps the run in the address when my materials come back last, without the burned editions', async () => {
    const materialsReread = deferred<void>();
    collectorFusing(materialsReread.promise);
    const { user, router } = await fillSlots();
    const dialog = await openConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Burn and fuse' }));
    await vi.advanceTimersByTimeAsync(200);
    materialsReread.resolve();

    await screen.findByRole('region', { name: 'Fusion complete' });
    await waitFor(() => expect(router.state.location.search).toBe(`?run=${fusionIds.run}`));
    // And it stays: nothing writes the address again once the result shows.
    await vi.advanceTimersByTimeAsync(500);
    expect(router.state.location.search).toBe(`?run=${fusionIds.run}`);
  });

  // Session 79's hunt: the page waited for my materials to be read again before it showed the result, and meanwhile
  // its slots said each one emptied as the burned editions left the list ("0 of 1 selected" while fusing).
  it('shows the result as soon as the fusion answers, without waiting for my materials to be read again', async () => {
    // Read again after the fusion, they never come back here.
    collectorFusing(new Promise<void>(() => undefined));
    const { user } = await fillSlots();
    const dialog = await openConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Burn and fuse' }));

    expect(await screen.findByRole('region', { name: 'Fusion complete' })).toBeInTheDocument();
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  // Session 34's note: the result was lost on reload, with the editions already burned.
  it('shows the result again after a reload, read from the API, and forgets a run that is not mine', async () => {
    const sent = collector();
    const { unmount } = renderApp(`${slotsUrl}?run=${fusionIds.run}`);
    const result = await screen.findByRole('region', { name: 'Fusion complete' });
    expect(result).toHaveTextContent('#13 / 100');
    expect(within(result).getByRole('link', { name: 'View your new collectible' })).toHaveAttribute(
      'href',
      `/nfts/${fusionIds.newEdition}`,
    );
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    unmount();

    const other = renderApp(`${slotsUrl}?run=${fusionIds.newEdition}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose materials' })).toBeInTheDocument();
    await waitFor(() => expect(other.router.state.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: 'Fusion complete' })).toBeNull();
  });

  it('shows a generative edition by its own artwork, in its tile and in what burns, and reveals a generative result', async () => {
    // Squire #12 was minted with an artwork of its own; the others show their product's thumbnail.
    const ownArt = '/uploads/squire-12-art.png';
    const materials = { ...myMaterials, [fusionIds.squires]: [{ ...squire12, imageUrl: ownArt }, squire13] };
    const generativeRun = fusionRun([squire12, squire13, rareKnight]);
    const resultArt = '/uploads/dragon-13-art.png';
    generativeRun.edition = { ...generativeRun.edition, type: 'GENERATIVE', resourceUri: resultArt };
    collector(() => json(201, { data: generativeRun }), materials);
    const { user } = await fillSlots();
    const pictureOf = (element: HTMLElement) => element.closest('label, li')!.querySelector('img')!.getAttribute('src');
    expect(pictureOf(tile(/Pixel Knight Squire #12 \/ 500/))).toBe(ownArt);
    expect(pictureOf(tile(/Pixel Knight Squire #13 \/ 500/))).toBe('/uploads/squire-thumb.webp');

    const dialog = await openConfirmation(user);
    const burned = within(within(dialog).getByRole('list', { name: 'Editions to burn' })).getAllByRole('listitem');
    expect(burned.map((item) => item.querySelector('img')!.getAttribute('src'))).toEqual([
      ownArt,
      '/uploads/squire-thumb.webp',
      '/uploads/knight-thumb.webp',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Burn and fuse' }));
    const result = await screen.findByRole('region', { name: 'Fusion complete' });
    expect(within(result).getByRole('img', { name: 'Dragon of the Eighth Bit artwork' })).toHaveAttribute(
      'src',
      resultArt,
    );
  });

  it('cancels without burning anything', async () => {
    const sent = collector();
    const { user } = await fillSlots();
    const dialog = await openConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    expect(slot('Squires')).toHaveTextContent('2 of 2 selected');
  });

  it('shows a refusal with the API’s message and “Nothing was burned.”, and leads back to the slots as chosen', async () => {
    const sent = collector(() =>
      apiFailure(422, 'FUSION_MATERIAL_MISMATCH', errorCatalogue.FUSION_MATERIAL_MISMATCH.message),
    );
    const { user } = await fillSlots();
    const dialog = await openConfirmation(user);
    await user.click(within(dialog).getByRole('button', { name: 'Burn and fuse' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'The fusion did not go through' });
    expect(heading).toHaveFocus();
    expect(document.title).toMatch(/^Fusion not completed · Dragon Forge/);
    expect(screen.getByRole('alert')).toHaveTextContent('An edition you chose does not fit its slot.');
    expect(screen.getByText('Nothing was burned.')).toBeInTheDocument();
    // A refusal is final: no "Try again" of the same attempt.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(reads(sent, `/v1/fusions/${fusionIds.fusion}`)).toBeGreaterThan(1));
    const materialReads = reads(sent, materialsPath(fusionIds.squires));

    await user.click(screen.getByRole('button', { name: 'Back to the slots' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose materials' })).toBeInTheDocument();
    // My materials are read again, and what I chose is still chosen.
    await waitFor(() => expect(reads(sent, materialsPath(fusionIds.squires))).toBeGreaterThan(materialReads));
    await waitFor(() => expect(slot('Squires')).toHaveTextContent('2 of 2 selected'));
    expect(screen.getByRole('button', { name: 'Fuse' })).toBeEnabled();
  });

  it('does not say “Nothing was burned.” twice when the refusal already says so', async () => {
    collector(() => apiFailure(409, 'FUSION_ALL_FUSED', errorCatalogue.FUSION_ALL_FUSED.message));
    const { user } = await fillSlots();
    await user.click(within(await openConfirmation(user)).getByRole('button', { name: 'Burn and fuse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('All items have been fused. Nothing was burned.');
    expect(screen.getAllByText(/Nothing was burned/)).toHaveLength(1);
  });

  it('tries again after a lost answer with the same Idempotency-Key, and a refusal’s next attempt with a new one', async () => {
    let posts = 0;
    collector(() => {
      posts += 1;
      if (posts === 1) return Promise.reject(new TypeError('Failed to fetch'));
      if (posts === 2) return apiFailure(409, 'FUSION_NOT_AVAILABLE', errorCatalogue.FUSION_NOT_AVAILABLE.message);
      return json(201, { data: fusionRun([squire12, squire13, rareKnight]) });
    });
    const { user } = await fillSlots();
    await user.click(within(await openConfirmation(user)).getByRole('button', { name: 'Burn and fuse' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'We could not finish the fusion' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
    // It may have gone through: nothing is promised about what burned, and the retry is the same attempt.
    expect(screen.queryByText('Nothing was burned.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'The fusion did not go through' })).toBeInTheDocument();
    const [first, second] = idempotencyKeysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);

    // After a refusal, the same editions sent again are a new attempt.
    await user.click(screen.getByRole('button', { name: 'Back to the slots' }));
    await user.click(await screen.findByRole('button', { name: 'Fuse' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Burn and fuse' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fusion complete' })).toBeInTheDocument();
    expect(idempotencyKeysSent()[2]).not.toBe(first);
  });
});
