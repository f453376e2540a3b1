import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { operatorAuth } from './support/scheduled-drop.ts';
import { demoAdmin, signInOnPage } from './support/sign-in.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Passes start as drafts (decision record 50). The operator makes a pass of the demo's brand through the console's
// API: collectors cannot find it. The operator opens it in the console, sees it is a draft, publishes it behind the
// confirmation, and collectors then see it on the site.

test.describe('console drafts', () => {
  test('a pass made in the console is a draft until the operator publishes it', async ({ page, request }) => {
    const auth = await operatorAuth(request);
    const demo = (await (await request.get('/v1/passes?size=100')).json()) as {
      data: { items: { name: string; imageUrl: string; brand: { id: string } }[] };
    };
    const season = demo.data.items.find((item) => item.name === 'Neon Season Pass')!;
    const name = `Night Owl Pass ${Date.now().toString(36)}`;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const created = await request.post('/v1/console/passes', {
      headers: auth,
      data: {
        brandId: season.brand.id,
        name,
        description: 'Late rounds, first in line.',
        imageUrl: season.imageUrl,
        benefits: ['Opens the late rounds'],
        supply: 20,
        price: 1_500,
        perPersonLimit: 1,
        saleBeginAt: iso(-60_000),
        saleEndAt: iso(7 * DAY_MS),
        validFrom: iso(-60_000),
        validUntil: iso(30 * DAY_MS),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const passId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await request.get(`/v1/passes/${passId}`)).status()).toBe(404);

    await page.goto(`/signin?redirectTo=${encodeURIComponent(`/console/passes/${passId}`)}`);
    await signInOnPage(page, demoAdmin);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View on site' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish ${name}?` });
    await expect(dialog).toContainText('Its supply is issued: 20 numbered passes');
    await expectNoSeriousViolations(page, 'console pass publish confirmation');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(`${name} is published`)).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'View on site' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect((await request.get(`/v1/passes/${passId}`)).status()).toBe(200);
  });
});
