import { expect, test, type Page } from '@playwright/test';
import { demoAdmin, demoCollector, signInOnPage } from './support/sign-in.ts';

// Every screen works on a phone (DESIGN.md): no page may be wider than a 390 px window. Tabs and filters that do not
// fit one row wrap to the next, so every one stays in sight; a wide table scrolls inside itself. This is what caught
// the console's withdrawals page 168 px too wide, when its filter row was a grid item of max-content width, and tabs
// cut off at the window's edge ("My packs", "Withdraw"). Unit tests cannot see it: they lay nothing out.
test.use({ viewport: { width: 390, height: 844 } });

// The lists of drops, products, brands, passes and fusions are measured where their first entries are read (below).
const collectorPages = [
  '/',
  '/drops?tab=packs',
  '/tickets',
  '/tickets/attendance',
  '/collections',
  '/notifications',
  '/profile/redeem',
  '/payment',
  '/payment?tab=history',
  '/payment?tab=purchases',
  '/payment?tab=add-funds',
  '/payment?tab=withdraw',
  '/payment?tab=methods',
  '/account/security',
  '/guide',
];

const consoleSections = [
  'brands',
  'licenses',
  'collections',
  'products',
  'figure-bases',
  'ticket-kinds',
  'drops',
  'passes',
  'fusions',
  'redeem-batches',
  'airdrops',
  'attendance-calendars',
  'categories',
  'tags',
  'banners',
  'withdrawals',
  'payment-reviews',
  'ledger',
  'audit-log',
  'operators',
];

/** Opens `path` once its data has come, and notes (softly, so one run names every page) how much wider it is. */
async function expectFitsTheWindow(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoWiderThanTheWindow(page, path);
}

async function expectNoWiderThanTheWindow(page: Page, path: string) {
  // A string: the journeys are typed without the DOM's names (as the other journeys' evaluate calls are).
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect.soft(overflow, `${path} is ${overflow} px wider than the window`).toBeLessThanOrEqual(0);
  const cutOff = await page.evaluate<string[]>(
    `[...document.querySelectorAll('main [role="tab"], main nav li > a')]
      .filter((item) => {
        const box = item.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth;
      })
      .map((item) => item.textContent.trim())`,
  );
  expect.soft(cutOff, `${path}: tabs or filters cut off at the window's edge`).toEqual([]);
}

/**
 * Opens a list, waits for its entries and checks it fits the window: the network can be quiet while a list still
 * shows its skeleton (marked aria-busy), and its links are read from what it shows. Each list is opened once, for both.
 */
async function openList(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectNoWiderThanTheWindow(page, path);
}

/** The addresses of the links in `main` that start with `prefix`, in the page's order. */
function linksUnder(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate<string[]>(
    `[...document.querySelectorAll('main a[href^="${prefix}"]')].map((link) => link.getAttribute('href'))`,
  );
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/signin');
  await signInOnPage(page, account);
  await expect(page).not.toHaveURL(/\/signin/);
}

test.describe('phone width', () => {
  test("a collector's pages fit a 390 px window, and the signed-in header a 320 px one", async ({ page, request }) => {
    await signIn(page, demoCollector);
    const drops = (await (await request.get('/v1/drops?size=1')).json()).data.items as { id: string }[];
    for (const path of [...collectorPages, ...drops.map((drop) => `/drops/${drop.id}`)]) {
      await expectFitsTheWindow(page, path);
    }
    // The narrowest phones still in use: the signed-in header's controls are what runs out of room first.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/payment']) await expectFitsTheWindow(page, path);
  });

  test("a collector's entry pages fit a 390 px window: a product, a brand, a pass, a fusion, a drop's provenance", async ({
    page,
  }) => {
    await signIn(page, demoCollector);
    const entryPages = [];
    for (const [list, prefix] of [
      ['/products', '/products/'],
      ['/brands', '/brands/'],
      ['/pass', '/pass/'],
      ['/fusions', '/fusions/'],
      ['/drops', '/drops/'],
    ] as const) {
      await openList(page, list);
      // The list's first link to an entry (an id in its address, not a filter of the list).
      const first = (await linksUnder(page, prefix)).find((href) => /[0-9a-f]{8}-/.test(href) && !href.includes('?'));
      expect(first, `${list} links to an entry`).toBeTruthy();
      entryPages.push(list === '/drops' ? `${first}/provenance` : first!);
    }
    for (const path of entryPages) await expectFitsTheWindow(page, path);
  });

  // The console's sections in four groups of five, each its own test: the workers share them out, and one slow
  // machine no longer has to open sixty pages inside one test's time (CI's took 3.1 minutes and timed out).
  const sectionGroups = [0, 5, 10, 15].map((start) => consoleSections.slice(start, start + 5));
  for (const sections of sectionGroups) {
    test(`the console fits a 390 px window: ${sections.join(', ')}, each with its new-entry page and first entry`, async ({
      page,
    }) => {
      // About 27 s each here alone; CI's machine ran the four groups' pages at a third of that speed, beside the others.
      test.setTimeout(180_000);
      await signIn(page, demoAdmin);
      if (sections[0] === consoleSections[0]) await expectFitsTheWindow(page, '/console');
      for (const section of sections) {
        await openList(page, `/console/${section}`);
        // The list's own links: its "New" page and its first entry's page (sections without entries have neither).
        const links = await linksUnder(page, `/console/${section}/`);
        const newEntry = links.find((href) => href.endsWith('/new'));
        const firstEntry = links.find((href) => !href.endsWith('/new'));
        for (const path of [newEntry, firstEntry]) if (path) await expectFitsTheWindow(page, path);
      }
    });
  }
});
