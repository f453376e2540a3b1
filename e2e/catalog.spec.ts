import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { gradientPng } from './support/png.ts';
import { demoAdmin, demoCollector, signInOnPage } from './support/sign-in.ts';

// The catalogue as visitors meet it, and the console as operators run it, against the seeded demo catalogue
// (apps/api/src/db/seed/demo-catalog.ts): five brands, three of them featured, thirty products, four live banners.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Picks a file for an image field the way a person does: its "Choose a file" button opens the file chooser. */
async function uploadImage(page: Page, field: string, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: new RegExp(`^${field}.*Choose a file$`) }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
  await expect(page.getByRole('img', { name: `${field}: current image` })).toBeVisible();
}

/** Publishes the entry open in the console, through the confirmation dialog. */
async function publish(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('becomes visible to every visitor');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View on site' })).toBeVisible();
}

test.describe('catalogue', () => {
  test('the home page shows the seeded banners, featured brands and new products', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The next generation of digital collectibles');

    const carousel = page.getByRole('region', { name: 'Featured' });
    await expect(carousel.getByRole('heading', { name: 'Pixel Knights: Genesis' })).toBeVisible();
    await expect(carousel.getByRole('button', { name: /Show slide \d: / })).toHaveCount(4);
    await carousel.getByRole('button', { name: 'Pause the slides' }).click();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('heading', { name: 'Starfall Academy enrols its first class' })).toBeInViewport();

    const featured = page.getByRole('list', { name: 'Featured brands' });
    for (const brand of ['Aria Vale', 'Neon Arcade', 'Orbit Studios']) {
      await expect(featured.getByRole('heading', { name: brand })).toBeVisible();
    }
    await expect(featured.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'New products' }).getByRole('listitem')).toHaveCount(10);
    // The page leads with the seeded live drop and its countdown, in the hero and first under it, then what opens next.
    const hero = page.getByRole('region', { name: 'The next generation of digital collectibles' });
    await expect(hero.getByText('On sale now')).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Pixel Knights: Genesis Pack' })).toBeVisible();
    await expect(hero.getByRole('timer')).toHaveText(/^(\d+d )?(\d+h )?(\d+m )?\d+s$/);
    await expect(hero.getByRole('link', { name: 'See the live drop' })).toHaveAttribute(
      'href',
      new RegExp(`/drops/${UUID}$`),
    );
    const onSale = page.getByRole('region', { name: 'On sale now' });
    await expect(onSale.getByRole('article', { name: 'Pixel Knights: Genesis Pack' }).getByRole('timer')).toBeVisible();
    const opensNext = page.getByRole('region', { name: 'Opens next' });
    await expect(opensNext.getByRole('link', { name: /Starfall Academy: Orientation Day/ })).toContainText('Opens in');
    await expect(page.getByText('15,000+ members').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'home');

    // A brand card opens its brand page; a type that is not the brand's own is corrected in the address.
    await featured.getByRole('link', { name: /Neon Arcade/ }).click();
    await expect(page).toHaveURL(new RegExp(`/brands/gaming/${UUID}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Neon Arcade' })).toBeVisible();
    await expect(page).toHaveTitle('Neon Arcade | Cypher');
    // Where the banner about its drop leads: the brand's drop is on its page.
    await expect(
      page.getByRole('region', { name: 'Drops' }).getByRole('link', { name: /Pixel Knights: Genesis Pack/ }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'brand page');
    await page.goto('/brands/fashion/neon-arcade');
    await expect(page).toHaveURL(/\/brands\/gaming\/neon-arcade$/);

    // The rarity filter narrows the brand's products and lives in the address.
    await page
      .getByRole('navigation', { name: 'Rarity' })
      .getByRole('link', { name: /Legendary/ })
      .click();
    await expect(page).toHaveURL(/rarity=legendary/);
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByRole('listitem')).toHaveCount(1);
    await products.getByRole('link', { name: /Dragon of the Eighth Bit/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Dragon of the Eighth Bit' })).toBeVisible();
    await expect(page.getByText('Edition of 10')).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Background');
    // Activities come from real purchases and openings only: none yet, or some if a drop journey ran first.
    await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'product page');
  });

  test('the products page keeps its filters in the address', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByText('30 products')).toBeVisible();
    await page.getByLabel('Rarity').selectOption({ label: 'Epic' });
    await expect(page).toHaveURL(/rarity=epic/);
    await expect(page.getByText('5 products')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('gown');
    await expect(page).toHaveURL(/q=gown/);
    await expect(page.getByText('1 product', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Rarity')).toHaveValue('epic');
    await expect(
      page.getByRole('list', { name: 'Products' }).getByRole('heading', { name: 'Mirage Gown' }),
    ).toBeVisible();
  });
});

test.describe('operator console', () => {
  test('an admin creates and publishes a brand and a product, and a visitor then sees them', async ({
    page,
    browser,
    baseURL,
  }) => {
    const suffix = Date.now().toString(36);
    const brandName = `Lumen Works ${suffix}`;
    const productName = `Prism Lantern ${suffix}`;

    // A visitor opening the console is asked to sign in first, and comes back to it.
    await page.goto('/console');
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fconsole$/);
    await signInOnPage(page, demoAdmin);
    await expect(page).toHaveURL(/\/console$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    const consoleNav = page.getByRole('navigation', { name: 'Console sections' });
    for (const section of ['Brands', 'Products', 'Banners', 'Audit log', 'Operators']) {
      await expect(consoleNav.getByRole('link', { name: section })).toBeVisible();
    }
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Console' })).toBeVisible();
    await page.keyboard.press('Escape');

    // A brand, with an uploaded logo, created as a draft and then published.
    await consoleNav.getByRole('link', { name: 'Brands' }).click();
    await page.getByRole('link', { name: 'New brand' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New brand' })).toBeVisible();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(page.getByText('Use 1 to 120 characters.')).toBeVisible();

    await page.getByLabel('Name').fill(brandName);
    await page.getByLabel('Slug').fill(`lumen-works-${suffix}`);
    await page.getByLabel('Type').selectOption({ label: 'Artist' });
    await page.getByLabel('Tagline').fill('Light you can collect.');
    await page.getByLabel('Description').fill('Lumen Works makes lanterns out of light and glass.');
    await uploadImage(page, 'Logo', 'lumen-logo.png', gradientPng(256, 256, [255, 196, 64], [200, 60, 160]));
    await page.getByRole('button', { name: 'Create draft' }).click();

    await expect(page).toHaveURL(new RegExp(`/console/brands/${UUID}$`));
    const brandId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
    await expect(page.getByRole('main').getByText('Draft', { exact: true })).toBeVisible();
    await publish(page);

    // A product of that brand, with uploaded artwork, also published.
    await consoleNav.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    // Wait for the form, not only the address: until it shows, the list stays on screen, and its Brand filter
    // would take the brand meant for the product (a draft then sent without a brand stays at /products/new).
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    await page.getByLabel('Brand').selectOption({ label: brandName });
    await page.getByLabel('Name').fill(productName);
    await page.getByLabel('Rarity').selectOption('EPIC');
    await page.getByLabel('Edition size').fill('77');
    await uploadImage(page, 'Artwork', 'prism-lantern.png', gradientPng(320, 320, [40, 220, 180], [90, 40, 200]));
    await page.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: 'Holographic' }).check();
    await page.getByRole('button', { name: 'Add a property' }).click();
    await page.getByLabel('Trait type 1').fill('Glow');
    await page.getByLabel('Value 1').fill('Aurora');
    await page.getByRole('button', { name: 'Create draft' }).click();

    await expect(page).toHaveURL(new RegExp(`/console/products/${UUID}$`));
    const productId = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await publish(page);

    await consoleNav.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('link', { name: productName })).toBeVisible();
    await expectNoSeriousViolations(page, 'console products list');

    // Someone else, not signed in, sees both on the site.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/brands/${brandId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
    await expect(visitor.getByText('Light you can collect.')).toBeVisible();
    const shelf = visitor.getByRole('list', { name: 'Products' });
    await expect(shelf.getByRole('heading', { name: productName })).toBeVisible();
    await expect(shelf.getByText('Edition of 77')).toBeVisible();

    await visitor.goto(`/products/${productId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await expect(visitor.getByText('Epic', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('link', { name: brandName }).first()).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Holographic' })).toBeVisible();
    await expect(visitor.getByRole('table')).toContainText('Aurora');
    await visitorContext.close();

    // The admin's changes are in the audit log.
    await consoleNav.getByRole('link', { name: 'Audit log' }).click();
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('link', { name: productName }).first()).toBeVisible();
    await log.getByRole('button', { name: 'Changes' }).first().click();
    await expect(log.getByRole('columnheader', { name: 'Before' })).toBeVisible();
  });

  test('a collector who opens the console is told it needs operator access', async ({ page }) => {
    await page.goto('/console/products');
    await signInOnPage(page, demoCollector);
    await expect(page).toHaveURL(/\/console\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You need operator access' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'console without operator access');

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Console' })).toHaveCount(0);
  });
});

// Chrome takes a larger `srcset` candidate it already holds over the one that fits: a drop's card that had shown the
// original made the drop's page draw that original and leave the artwork its HTML preloaded unused, with "The resource
// ... was preloaded using link preload but not used within a few seconds" (packages/contract/src/image-variants.ts).
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`a drop's page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('draws the artwork its HTML preloaded, after the home page showed the drop smaller', async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto('/');
      // The drop on sale, shown large on the home page: its picture loaded before its page is opened.
      const spotlight = page.getByRole('list', { name: 'Drops on sale now' }).getByRole('listitem').first();
      const dropPath = await spotlight.locator('a[href^="/drops/"]').first().getAttribute('href');
      expect(dropPath).toMatch(new RegExp(`^/drops/${UUID}$`));
      const picture = spotlight.locator('img').first();
      await picture.scrollIntoViewIfNeeded();
      await expect(picture).toHaveJSProperty('complete', true);

      await page.goto(dropPath!);
      const artwork = page.getByRole('img', { name: / artwork$/ });
      await expect(artwork).toBeVisible();
      // The page's largest picture is preloaded from its HTML, among the candidates its <img> picks from.
      const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
      await expect(preload).toHaveCount(1);
      expect(await preload.getAttribute('imagesrcset')).toBe(await artwork.getAttribute('srcset'));
      // Chrome says so about a preload three seconds after the page's load event.
      await page.waitForTimeout(4_000);
      expect(warnings.filter((text) => /preloaded using link preload/.test(text))).toEqual([]);
    });
  });
}
