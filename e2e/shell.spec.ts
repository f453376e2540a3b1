import { expect, test, type Page } from '@playwright/test';

// The web app's shell as a visitor meets it: served by the API with its real Content-Security-Policy.

/** Console messages about the Content-Security-Policy, and uncaught errors, collected for the whole test. */
function watchForProblems(page: Page) {
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { cspViolations, pageErrors };
}

test.describe('app shell', () => {
  test('the home page carries the product title, the brand and the community text', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('The next generation of digital collectibles | Cypher');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The next generation of digital collectibles');
    await expect(page.getByText('15,000+ members').first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Version 1.2.1');
  });

  test('a header link shows the progress bar and lands on its page', async ({ page }) => {
    // A page the browser renders: on one the server rendered, a link pressed before the app has loaded is a plain
    // link and loads the next page whole (docs/decisions/0038-pages-rendered-on-the-server.md).
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
    await expect(page.locator('#nprogress')).toHaveCount(0);
    // The bar lives about 0.7 s when the next page's code is already loaded (its minimum time and its fade), which a
    // loaded machine can let pass between the click and the first look; the page notes its arrival itself instead.
    await page.evaluate(`{
      const observer = new MutationObserver(() => {
        if (!document.getElementById('nprogress')) return;
        document.documentElement.dataset.progressBarShown = 'true';
        observer.disconnect();
      });
      observer.observe(document.documentElement, { childList: true, subtree: true });
    }`);

    await page.getByRole('banner').getByRole('link', { name: 'Drops', exact: true }).click();

    await expect(page.locator('html')).toHaveAttribute('data-progress-bar-shown', 'true');
    await expect(page).toHaveURL(/\/drops$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drops');
    await expect(page).toHaveTitle('Drops | Cypher');
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('an unknown path answers HTTP 404 and shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found | Cypher');

    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The next generation of digital collectibles');
  });

  test('routes resolve with a trailing slash, and the OAuth callback stands alone', async ({ page }) => {
    expect((await page.goto('/drops/'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drops');

    // Cancelled at Google: the callback says so on its own screen, without the header.
    await page.goto('/oauth/google/callback?error=access_denied&state=sample-state-0123456789');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not sign you in with Google');
    await expect(page.getByText('Signing in with Google was cancelled.')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('the terms open on the section named in the address', async ({ page }) => {
    await page.goto('/terms#privacy');
    await expect(page.getByRole('tab', { name: 'Privacy policy' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/terms');
    await expect(page.getByRole('tab', { name: 'Terms of service' })).toHaveAttribute('aria-selected', 'true');
  });

  test('no page breaks the Content-Security-Policy or throws', async ({ page }) => {
    const problems = watchForProblems(page);
    for (const path of ['/', '/drops', '/terms#cookie', '/oauth/discord/callback', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // Runtime configuration came from /app-config.js, a same-origin script, not an inline one.
    expect(await page.evaluate('typeof window.__APP_CONFIG__')).toBe('object');
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });
});

test.describe('app shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the navigation, and a link closes it', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Fusions' }).click();

    await expect(page).toHaveURL(/\/fusions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fusions');
    await expect(menu).toBeHidden();
  });
});
