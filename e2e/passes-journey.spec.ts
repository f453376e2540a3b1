import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { payOnSandboxCardCheckout } from './support/sandbox-checkout.ts';
import { scheduleSquireDrop, operatorAuth } from './support/scheduled-drop.ts';
import { signInOnPage } from './support/sign-in.ts';

// Passes (issue 18). The brand behind the demo "Neon Season Pass" (Neon Arcade, apps/api/src/db/seed/seed-passes.ts)
// schedules a drop whose round 1 is for the pass's holders. A new collector finds the round on the pass's page, is
// told on the drop page that the round is for holders, buys the pass by card through the purchase popup, and the drop
// page then says their pass opens the round and lets them buy packs.

test.describe('passes', () => {
  test('a collector buys a pass and sees the holders-only round it opens', async ({ page, request }) => {
    const auth = await operatorAuth(request);
    const passes = (await (await request.get('/v1/passes?size=100')).json()) as {
      data: { items: { id: string; name: string; brand: { id: string } }[] };
    };
    const pass = passes.data.items.find((item) => item.name === 'Neon Season Pass')!;
    const name = `Holders Night ${Date.now().toString(36)}`;
    const { dropId, brandId } = await scheduleSquireDrop(request, auth, {
      name,
      description: 'Round 1 is for Neon Season Pass holders.',
      opensAt: Date.now() + 5_000,
      round: { requiredPassId: pass.id },
    });
    expect(brandId).toBe(pass.brand.id);

    const collector = await activeAccountThroughApi(request, 'holder');
    await page.goto(`/signin?redirectTo=${encodeURIComponent(`/drops/${dropId}`)}`);
    await signInOnPage(page, collector);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // Not a holder: told why, with the way to the pass, and no purchase.
    await expect(page.getByText(/Round 1 is for holders of Neon Season Pass\./)).toBeVisible({ timeout: 15_000 });
    const buyPacks = page.getByRole('button', { name: 'Buy packs' });
    await expect(buyPacks).toBeDisabled();
    await expect(buyPacks).toHaveAccessibleDescription('This round is open to pass holders only.');
    await expectNoSeriousViolations(page, 'drop page (holders only, no pass)');

    await page.getByRole('link', { name: 'Get the pass' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neon Season Pass' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Rounds for holders' }).getByRole('link', { name })).toBeVisible();
    await expectNoSeriousViolations(page, 'pass page');

    await page.getByRole('button', { name: 'Buy pass' }).click();
    const popup = page.getByRole('dialog', { name: 'Buy Neon Season Pass' });
    await expect(popup).toBeVisible();
    await popup.getByText('Card', { exact: true }).click();
    await popup.getByRole('button', { name: /^Continue to payment · \$/ }).click();
    await payOnSandboxCardCheckout(page);
    await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase complete' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'See your pass' }).click();
    await expect(page.getByRole('group', { name: 'Your pass' })).toContainText('You hold this pass');

    // The round it opens: the drop page now says so and sells to the holder.
    await page.getByRole('list', { name: 'Rounds for holders' }).getByRole('link', { name }).click();
    await expect(page.getByText(/Your Neon Season Pass opens round 1\./)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Buy packs' })).toBeEnabled({ timeout: 15_000 });
    await expectNoSeriousViolations(page, 'drop page (holder)');
  });
});
