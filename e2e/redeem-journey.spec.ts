import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { operatorAuth } from './support/scheduled-drop.ts';
import { signInOnPage } from './support/sign-in.ts';

// Redeem codes (issue 20). The operator makes a batch of three single-use codes granting the demo's "Neon Season Pass"
// (apps/api/src/db/seed/seed-passes.ts) through the console's API and exports it as CSV, as they would to hand the
// codes out. A new collector types one in lower case without its dashes, sees the pass granted, finds it on the pass's
// page, and is refused the same code a second time in the API's words.

const PASS = 'Neon Season Pass';

test.describe('redeem', () => {
  test('a new collector redeems a code from the console and finds the pass it granted', async ({ page, request }) => {
    const auth = await operatorAuth(request);
    const passes = (await (await request.get('/v1/passes?size=100')).json()) as {
      data: { items: { id: string; name: string }[] };
    };
    const pass = passes.data.items.find((item) => item.name === PASS)!;
    const batchName = `Launch party ${Date.now().toString(36)}`;
    const created = await request.post('/v1/console/redeem-batches', {
      headers: auth,
      data: {
        name: batchName,
        grant: { kind: 'PASS', passId: pass.id },
        codeCount: 3,
        usesPerCode: 1,
        usesPerPerson: 1,
        validFrom: new Date(Date.now() - 60_000).toISOString(),
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const batchId = ((await created.json()) as { data: { id: string } }).data.id;
    const exported = await request.get(`/v1/console/redeem-batches/${batchId}/codes.csv`, { headers: auth });
    expect(exported.status()).toBe(200);
    const [header, first] = (await exported.text()).trim().split('\n');
    expect(header).toBe('number,code');
    const code = first!.split(',')[1]!;
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

    const collector = await activeAccountThroughApi(request, 'redeemer');
    await page.goto(`/signin?redirectTo=${encodeURIComponent('/profile/redeem')}`);
    await signInOnPage(page, collector);
    await expect(page.getByRole('heading', { level: 1, name: 'Redeem a code' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No codes redeemed yet' })).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousViolations(page, 'redeem page (empty)');

    // Typed as a person might: lower case, no dashes. The page shows it back as printed.
    const field = page.getByRole('textbox', { name: 'Code' });
    await field.fill(code.replaceAll('-', '').toLowerCase());
    await expect(page.getByText(`Reads as ${code}`)).toBeVisible();
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const result = page.getByRole('region', { name: 'Code redeemed' });
    await expect(result).toContainText(PASS);
    await expect(result).toContainText(`••••-••••-••••-${code.slice(-4)} · ${batchName}`);
    await expect(page.getByRole('list', { name: 'Redeemed codes' })).toContainText(PASS);
    await expectNoSeriousViolations(page, 'redeem page (redeemed)');

    // The same code again: refused under the field, in the API's words.
    await field.fill(code);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(page.getByText('You have already redeemed this code.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue(code);
    // The refusal stands alone: the first attempt's result is gone, and the code's row in the list leads on.
    await expect(result).toHaveCount(0);

    await page.getByRole('list', { name: 'Redeemed codes' }).getByRole('link', { name: 'See your pass' }).click();
    await expect(page.getByRole('heading', { level: 1, name: PASS })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Your pass' })).toContainText('You hold this pass');
  });
});
