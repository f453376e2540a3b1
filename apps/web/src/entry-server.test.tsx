import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TBanner, TEditionDetail, TProduct, TProductActivity } from '@cypher/contract';
import { routes } from './app/router.tsx';
import { startApp } from './app/start-app.tsx';
import { createPageRenderer, type TRenderedPage } from './entry-server.tsx';
import { holdEarlyPresses } from './lib/early-presses.ts';
import { formatDateTimeWithZone } from './lib/format.ts';
import { startSession } from './lib/session.ts';
import { brand, ids, page, productItem } from './test/catalog-fixtures.ts';
import { drop, dropIds } from './test/drops-fixtures.ts';
import { apiFailure, json, myUser } from './test/fake-api.ts';
import { setViewport } from './test/viewport.ts';

/**
 * The server's render and the browser's hydration of the five public pages, with the fetchers answered by a fake API:
 * the HTML holds the page's data, and hydrating it logs no mismatch and keeps the server's elements (React renders
 * a page again from scratch, replacing them, when it cannot hydrate it as it was).
 */
const PUBLIC_URL = 'http://localhost:3000';
// Round 1 of the fixture drop is on sale (18:00 to 20:00 on Nov 22).
const NOW = new Date('2026-11-22T18:30:00.000Z');
const editionId = '0190a0b0-0000-7000-8000-00000000e0e1';

const product: TProduct = {
  ...productItem(),
  description: 'A dragon drawn one pixel at a time.',
  animationUrl: null,
  license: null,
  category: null,
  tags: [],
  properties: [{ traitType: 'Background', value: 'Neon' }],
};
const banner: TBanner = {
  id: '0190a0b0-0000-7000-8000-0000000000f1',
  title: 'Neon Genesis is live',
  subtitle: 'Round 1 is on sale now.',
  imageUrl: '/uploads/banner.webp',
  linkUrl: `/drops/${dropIds.drop}`,
  placement: 'HOME',
  sortOrder: 0,
  startsAt: null,
  endsAt: null,
  status: 'PUBLISHED',
  publishedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const activity: TProductActivity = {
  id: '0190a0b0-0000-7000-8000-0000000000a1',
  productId: ids.dragon,
  kind: 'PURCHASED',
  actor: { id: '0190a0b0-0000-7000-8000-000000000001', nickname: 'Ada' },
  editionNumber: 3,
  editionId: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};
const edition: TEditionDetail = {
  id: editionId,
  serialNumber: 3,
  editionSize: 10,
  state: 'OWNED',
  isLocked: false,
  type: 'STANDARD',
  resourceUri: null,
  imageUrl: product.imageThumbnailUrl,
  product: {
    id: ids.dragon,
    name: product.name,
    rarity: product.rarity,
    imageUrl: product.imageUrl,
    imageThumbnailUrl: product.imageThumbnailUrl,
    animationUrl: null,
  },
  brand: product.brand,
  collection: null,
  contractAddress: '0x3f2a9c4e5b6d7e8f90a1b2c3d4e5f60718293a4b',
  tokenId: '3',
  owner: { id: '0190a0b0-0000-7000-8000-000000000001', nickname: 'Ada' },
  createdAt: '2026-11-20T10:00:00.000Z',
  figureBaseId: null,
  isCollectionPublic: false,
  isProductPublic: true,
  isBrandPublic: true,
};

/** The drop's answer from here on, in place of the visitor's: a test sets it between the server's render and hydration. */
let dropAnswer: (() => Response) | null = null;
/** What the edition's answer says of its product's and brand's pages, in place of the fixture's (both public). */
let editionLinks: Partial<TEditionDetail> = {};

/** What the API answers a visitor; a bearer token gets the same (the signed-in reads are the browser's). */
function fakeApi(input: RequestInfo | URL): Response {
  const url = new URL(String(input), PUBLIC_URL);
  const [path, query] = [url.pathname, url.searchParams];
  if (path === `/v1/drops/${dropIds.drop}` && dropAnswer) return dropAnswer();
  if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
  if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
  if (path === '/v1/banners') return json(200, { data: page([banner]) });
  if (path === '/v1/drops' && query.get('status') === 'AVAILABLE') return json(200, { data: page([drop()]) });
  if (path === '/v1/drops') return json(200, { data: page([]) });
  if (path === `/v1/drops/${dropIds.drop}`) return json(200, { data: drop() });
  if (path === '/v1/brands') return json(200, { data: page([brand()]) });
  if (path === '/v1/products') return json(200, { data: page([productItem()]) });
  if (path === `/v1/brands/${ids.neonArcade}`) return json(200, { data: brand() });
  if (path === '/v1/licenses' || path === '/v1/collections') return json(200, { data: page([]) });
  if (path === '/v1/products/rarities') return json(200, { data: [{ rarity: 'LEGENDARY', rank: 4, count: 1 }] });
  if (path === `/v1/products/${ids.dragon}`) return json(200, { data: product });
  if (path === `/v1/products/${ids.dragon}/activities`)
    return json(200, { data: { items: [activity], nextCursor: null } });
  if (path === `/v1/editions/${editionId}`) return json(200, { data: { ...edition, ...editionLinks } });
  if (path === `/v1/editions/${editionId}/histories`) {
    return json(200, {
      data: {
        items: [{ id: null, kind: 'MINTED', actor: null, counterpartAddress: null, createdAt: edition.createdAt }],
        nextCursor: null,
      },
    });
  }
  if (path === `/v1/nfts/${editionId}/traits`) return json(200, { data: [{ traitType: 'Background', value: 'Neon' }] });
  return apiFailure(404, 'NOT_FOUND');
}

/** Every read, in order, with its answer's status: the server's, then the browser's. */
const answered: { path: string; status: number }[] = [];
const renderer = createPageRenderer({
  config: { brandName: 'Cypher', publicUrl: PUBLIC_URL },
  fetch: async (input) => {
    const answer = fakeApi(input);
    answered.push({ path: String(input), status: answer.status });
    return answer;
  },
});

let root: Root | null = null;
/** What was logged as an error, but for React's note that two renderers (the server's, the browser's) share this process. */
let loggedErrors: unknown[][] = [];
/**
 * Hydrating loads the matched routes' code into the app's route objects (start-app.tsx, loadMatchedRoutes). A worker's
 * files share those objects (vitest.config.ts), so they are put back as this file found them: the files after it load
 * their pages lazily, as they would alone.
 */
const routesAsFound = (function snapshot(list: RouteObject[]): Array<[RouteObject, RouteObject]> {
  return list.flatMap((route) => [
    [route, { ...route }] as [RouteObject, RouteObject],
    ...snapshot(route.children ?? []),
  ]);
})(routes);
afterAll(() => {
  for (const [route, asFound] of routesAsFound) {
    for (const key of Object.keys(route) as Array<keyof RouteObject>) if (!(key in asFound)) delete route[key];
    Object.assign(route, asFound);
  }
});

beforeEach(() => {
  // The browser's clock agrees with the server's (a page rendered at 18:30 and hydrated at 20:01 turns, rightly).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  loggedErrors = [];
  const log = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) return;
    loggedErrors.push(args);
    log(...args);
  });
});
afterEach(() => {
  vi.useRealTimers();
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  answered.length = 0;
  dropAnswer = null;
  editionLinks = {};
});

/**
 * The page as the API sends it: its markup in #root and its data beside it, at its address; `timeZone` is the one an
 * earlier visit's cookie told the server, if any.
 */
async function serverPage(url: string, timeZone: string | null = null): Promise<TRenderedPage> {
  const rendered = await renderer.render(url, { theme: 'dark', timeZone }, NOW);
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${rendered.html}</div><script type="application/json" id="server-page">${rendered.data}</script>`;
  return rendered;
}

/** Hydrates what is in the document, and answers what React said about it. */
async function hydrate(onHydrated?: () => void) {
  const recoverable: unknown[] = [];
  const container = document.getElementById('root')!;
  await act(async () => {
    root = await startApp(container, { onRecoverableError: (error) => void recoverable.push(error), onHydrated });
  });
  const mismatches = loggedErrors.filter((args) =>
    /hydrat|did not match|server rendered/i.test(args.map(String).join(' ')),
  );
  return { recoverable, mismatches };
}

describe('pages rendered on the server and hydrated in the browser', () => {
  it.each([
    ['/', 'Neon Genesis is live'],
    [`/drops/${dropIds.drop}`, 'Neon Genesis'],
    [`/products/${ids.dragon}`, 'Dragon of the Eighth Bit'],
    [`/brands/${ids.neonArcade}`, 'Neon Arcade'],
    [`/brands/gaming/${ids.neonArcade}`, 'Neon Arcade'],
    [`/nfts/${editionId}`, 'Dragon of the Eighth Bit #3'],
  ])('%s: the HTML holds the page, and hydrating it logs no mismatch', async (url, name) => {
    const rendered = await serverPage(url);
    expect(rendered.html).toContain(name);
    expect(rendered.status).toBe(200);
    expect(rendered.head).not.toContain('name="robots"');
    const heading = document.querySelector('h1');
    expect(heading).not.toBeNull();
    const serverReads = answered.splice(0);
    expect(serverReads.length).toBeGreaterThan(0);

    const { recoverable, mismatches } = await hydrate();
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    // The very element the server sent is the one React now owns.
    expect(document.querySelector('h1')).toBe(heading);
    // What the server read came with the page: the browser asks again only what the server could not read.
    const readAgain = answered.filter((read) =>
      serverReads.some((first) => first.path === read.path && first.status === 200),
    );
    expect(readAgain).toEqual([]);
  });

  it.each([
    ['/drops/0190a0b0-0000-7000-8000-00000000dead', 'Drop not found', '/v1/drops/0190a0b0-0000-7000-8000-00000000dead'],
    ['/brands/no-such-brand', 'Brand not found', '/v1/brands/no-such-brand'],
    ['/no/such/page', 'Page not found', null],
  ])(
    '%s: a page that names nothing is sent as a 404 with noindex, and hydrates as it was',
    async (url, title, read) => {
      const rendered = await serverPage(url);
      expect(rendered.status).toBe(404);
      expect(rendered.head).toContain(`<title>${title} | Cypher</title>`);
      expect(rendered.head).toContain('<meta name="robots" content="noindex">');
      const heading = document.querySelector('h1');
      expect(heading).toHaveTextContent(title);
      const serverReads = answered.splice(0);
      if (read) expect(serverReads).toContainEqual({ path: read, status: 404 });

      const { recoverable, mismatches } = await hydrate();
      expect(recoverable).toEqual([]);
      expect(mismatches).toEqual([]);
      expect(document.querySelector('h1')).toBe(heading);
      expect(heading).toHaveTextContent(title);
      // The server's answer came with the page: the browser does not ask again for what it was told is not there.
      if (read) expect(answered.map((answer) => answer.path)).not.toContain(read);
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    },
  );

  // Review: the NFT page linked its product and brand after either was unpublished, to pages not found.
  it('renders an NFT whose product and brand pages are not public without links to them, and hydrates as it was', async () => {
    const linksTo = (html: string, id: string) => new RegExp(`href="[^"]*${id}"`).test(html);
    const shown = await serverPage(`/nfts/${editionId}`);
    expect(linksTo(shown.html, ids.dragon)).toBe(true);
    expect(linksTo(shown.html, ids.neonArcade)).toBe(true);

    answered.splice(0);
    editionLinks = { isProductPublic: false, isBrandPublic: false };
    const rendered = await serverPage(`/nfts/${editionId}`);
    expect(rendered.status).toBe(200);
    expect(rendered.html).toContain('Dragon of the Eighth Bit #3');
    expect(rendered.html).toContain(product.brand.name);
    expect(linksTo(rendered.html, ids.dragon)).toBe(false);
    expect(linksTo(rendered.html, ids.neonArcade)).toBe(false);
    // Nor does it ask for the product's activity, which is not found.
    expect(answered.map((read) => read.path)).not.toContainEqual(expect.stringContaining('/activities'));
    const { recoverable, mismatches } = await hydrate();
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
  });

  it('shows the drop page’s dates in UTC on the server, said so, and hydrates them without a mismatch', async () => {
    const rendered = await serverPage(`/drops/${dropIds.drop}`);
    expect(rendered.html).toContain('Nov 22, 2026, 6:00 PM UTC');
    expect(rendered.head).toContain('<meta name="twitter:data1" content="$12.50 a pack">');
    expect(rendered.head).toContain('<meta name="twitter:data2" content="Nov 24, 2026, 6:00 PM UTC">');
    const { mismatches } = await hydrate();
    expect(mismatches).toEqual([]);
  });

  it('shows them in the zone an earlier visit left, then in the reader’s own once hydrated, each with its zone', async () => {
    // The cookie says Tokyo; the browser here is in another zone (the machine's, UTC on CI).
    const rendered = await serverPage(`/drops/${dropIds.drop}`, 'Asia/Tokyo');
    expect(rendered.html).toContain('Nov 23, 2026, 3:00 AM GMT+9');
    const { mismatches } = await hydrate();
    expect(mismatches).toEqual([]);
    const readerTime = formatDateTimeWithZone('2026-11-22T18:00:00.000Z');
    await waitFor(() => expect(document.body.textContent).toContain(readerTime));
    if (!readerTime.endsWith('GMT+9')) expect(document.body.textContent).not.toContain('GMT+9');
  });

  it('gives a shared drop link the price of the round to come between rounds, as the page does', async () => {
    // Round 1 ($12.50) ended at 20:00; round 2 ($15.00) opens at 21:00.
    const betweenRounds = new Date('2026-11-22T20:30:00.000Z');
    const rendered = await renderer.render(`/drops/${dropIds.drop}`, { theme: 'dark', timeZone: null }, betweenRounds);
    expect(rendered.html).toContain('Round 2 is next');
    expect(rendered.head).toContain('<meta name="twitter:data1" content="$15.00 a pack">');
  });

  it('makes a press on a button that came before the app once the page is hydrated', async () => {
    // The menu button is a phone's: at happy-dom's 1,024 px the header shows its own links and the menu closes.
    setViewport(390, 844);
    onTestFinished(() => setViewport(1024, 768));
    await serverPage('/');
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    const releasePresses = holdEarlyPresses(document.getElementById('root')!);
    menuButton.click();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await hydrate(releasePresses);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true'),
    );
  });

  it('hydrates a signed-in person’s page as the visitor’s it was, then fills in their own parts', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const rendered = await serverPage(`/drops/${dropIds.drop}`);
    expect(rendered.html).toContain('Sign in to see whether you are on a round&#x27;s whitelist');
    answered.splice(0);
    const { recoverable, mismatches } = await hydrate();
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('button', { name: /Account menu for/ })).toBeInTheDocument();
    // Their own answers, not the visitor's the page came with.
    await waitFor(() => expect(answered.map((read) => read.path)).toContain(`/v1/drops/${dropIds.drop}`));
  });

  it('says so with a retry when a signed-in person’s own read of a drop fails, rather than loading their part for ever', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    await serverPage(`/drops/${dropIds.drop}`);
    dropAnswer = () => apiFailure(503, 'SERVICE_UNAVAILABLE');
    await hydrate();

    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('We could not load your allowance');
    expect(failed).toHaveTextContent('The service is temporarily unavailable. Please try again shortly.');
    expect(screen.queryByRole('status', { name: 'Loading your allowance' })).toBeNull();

    dropAnswer = () => json(200, { data: drop({ viewer: { isWhitelisted: true, remaining: 2, purchasedCount: 0 } }) });
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    const allowance = await screen.findByRole('group', { name: 'Your allowance' });
    expect(allowance).toHaveTextContent('You are on the whitelist for round 1.');
    expect(screen.queryByText('We could not load your allowance')).toBeNull();
  });
});
