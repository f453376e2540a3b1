import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { operatorAuth } from './support/scheduled-drop.ts';
import { demoAdmin, signInOnPage } from './support/sign-in.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// Passes and fusions start as drafts (decision record 50). The operator makes one of the demo's brand through the
// console's API: collectors cannot find it. The operator opens it in the console, sees it is a draft, publishes it
// behind the confirmation, and collectors then see it on the site; an open fusion can then be closed early.

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

  test('a fusion made in the console is a draft until published, and once open the operator can close it early', async ({
    page,
    request,
  }) => {
    const auth = await operatorAuth(request);
    const demo = (await (await request.get('/v1/fusions?size=100')).json()) as {
      data: { items: { name: string; imageUrl: string; brand: { id: string }; result: { product: { id: string } } }[] };
    };
    const ceremony = demo.data.items.find((item) => item.name === 'Knighting Ceremony')!;
    const name = `Squire Forge ${Date.now().toString(36)}`;
    const created = await request.post('/v1/console/fusions', {
      headers: auth,
      data: {
        brandId: ceremony.brand.id,
        categoryId: null,
        name,
        description: 'Two commons make a Paladin.',
        imageUrl: ceremony.imageUrl,
        beginAt: new Date(Date.now() - 60_000).toISOString(),
        endAt: new Date(Date.now() + 7 * DAY_MS).toISOString(),
        resultProductId: ceremony.result.product.id,
        resultSupply: 2,
        slots: [{ name: 'Commons', requiredCount: 2, rule: { kind: 'RARITY', rarity: 'COMMON' } }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const fusionId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await request.get(`/v1/fusions/${fusionId}`)).status()).toBe(404);

    await page.goto(`/signin?redirectTo=${encodeURIComponent(`/console/fusions/${fusionId}`)}`);
    await signInOnPage(page, demoAdmin);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close now' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: `Publish ${name}?` });
    await expect(publish).toContainText('2 editions of Pixel Knight Paladin take their serial numbers now');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(`${name} is published`)).toBeVisible();
    expect((await request.get(`/v1/fusions/${fusionId}`)).status()).toBe(200);

    // Open now: Close now ends it for everyone, behind a confirmation.
    await page.getByRole('button', { name: 'Close now' }).click();
    const close = page.getByRole('dialog', { name: `Close ${name} now?` });
    await expect(close).toContainText('This cannot be undone');
    await expectNoSeriousViolations(page, 'console fusion close confirmation');
    await close.getByRole('button', { name: 'Close now' }).click();
    await expect(page.getByText(`${name} is closed`)).toBeVisible();
    await expect(page.getByText('0 of 2 results were made.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close now' })).toHaveCount(0);

    await page.getByRole('link', { name: 'View on site' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('This fusion has ended: no more results can be made.')).toBeVisible();
  });
});
