import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { payOnSandboxCardCheckout } from './support/sandbox-checkout.ts';
import { operatorAuth, scheduleSquireDrop } from './support/scheduled-drop.ts';
import { signInOnPage } from './support/sign-in.ts';

// Fusion (issue 19), on the demo's "Knighting Ceremony" (apps/api/src/db/seed/seed-fusions.ts): a Pixel Knight Squire
// and two more Pixel Knights: Genesis heroes make a Pixel Knight Paladin. A new collector gets three Squires by buying
// the one pack of a drop the brand schedules for this journey, fuses them, sees the fusion processing and then the new
// edition, and finds the Squires gone from My Collection and the burn at the end of their history.

const FUSION = 'Knighting Ceremony';

test.describe('fusion', () => {
  test('a collector burns three Squires into a Paladin; the Squires leave the collection with the burn in their history', async ({
    page,
    request,
  }) => {
    // A purchase through the sandbox's card checkout, a pack reveal, then the fusion's four screens.
    test.setTimeout(180_000);
    const auth = await operatorAuth(request);
    const drop = `Squire Trio ${Date.now().toString(36)}`;
    const { dropId } = await scheduleSquireDrop(request, auth, {
      name: drop,
      description: 'One pack of three Pixel Knight Squires.',
      opensAt: Date.now() + 3_000,
      packs: { count: 1, editionsPerPack: 3 },
    });

    // The pack, bought by card and opened: three Squires in My Collection.
    const collector = await activeAccountThroughApi(request, 'fusion');
    await page.goto(`/signin?redirectTo=${encodeURIComponent(`/drops/${dropId}`)}`);
    await signInOnPage(page, collector);
    await expect(page.getByRole('heading', { level: 1, name: drop })).toBeVisible();
    const buyPacks = page.getByRole('button', { name: 'Buy packs' });
    await expect(buyPacks).toBeEnabled({ timeout: 15_000 });
    await buyPacks.click();
    const popup = page.getByRole('dialog', { name: `Buy packs of ${drop}` });
    await popup.getByText('Card', { exact: true }).click();
    await popup.getByRole('button', { name: /^Continue to payment · \$/ }).click();
    await payOnSandboxCardCheckout(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase complete' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Open your pack' }).click();
    const packDialog = page.getByRole('dialog', { name: /^Pack #\d+$/ });
    await packDialog.getByRole('button', { name: 'Open pack' }).click();
    await expect(packDialog.getByText('All 3 editions revealed.')).toBeAttached({ timeout: 15_000 });
    await packDialog.getByRole('button', { name: 'Done' }).click();
    await page.goto('/collections');
    const neonArcade = page.getByRole('region', { name: 'Neon Arcade' });
    await expect(neonArcade.getByRole('listitem')).toHaveCount(3);
    await expect(neonArcade.getByRole('listitem').filter({ hasText: 'Pixel Knight Squire' })).toHaveCount(3);

    // The fusion: found under /fusions, what it makes and needs, then the slots.
    await page.goto('/fusions');
    await page.getByRole('link', { name: new RegExp(FUSION) }).click();
    await expect(page.getByRole('heading', { level: 1, name: FUSION })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Pixel Knight Paladin');
    await expectNoSeriousViolations(page, 'fusion detail');
    await page.getByRole('link', { name: 'Choose materials' }).click();
    await expect(page).toHaveURL(/\/fusions\/[0-9a-f-]{36}\/slots$/);

    const squireSlot = page.getByRole('list', { name: 'Your editions for The squire' });
    const heroSlot = page.getByRole('list', { name: 'Your editions for Two more heroes' });
    await squireSlot.getByRole('checkbox').first().check();
    // The Squire chosen above is taken in the other slot: the other two fill it.
    for (let n = 0; n < 2; n++) {
      await heroSlot.getByRole('checkbox', { checked: false, disabled: false }).first().check();
    }
    await expect(page.getByText('3 of 3 items selected')).toBeVisible();
    await expectNoSeriousViolations(page, 'fusion slots (all chosen)');
    await page.getByRole('button', { name: 'Fuse' }).click();

    // The burn confirmation names the three Squires; while the fusion runs it says so. The answer is held back a
    // moment on its way (not changed), so the processing state can be seen however fast this machine is.
    const confirm = page.getByRole('dialog', { name: 'Burn these editions?' });
    await expect(confirm.getByRole('list', { name: 'Editions to burn' }).getByRole('listitem')).toHaveCount(3);
    await expect(confirm).toContainText('This cannot be undone');
    await expectNoSeriousViolations(page, 'burn confirmation');
    await page.route('**/v1/fusions/*/fuse', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'Burn and fuse' }).click();
    await expect(confirm.getByRole('status')).toHaveText('Fusing…');

    // The result: the new Paladin revealed.
    const outcome = page.getByRole('region', { name: 'Fusion complete' });
    await expect(outcome).toBeVisible({ timeout: 15_000 });
    await expect(outcome.getByRole('heading', { name: 'Pixel Knight Paladin' })).toBeVisible();
    await expect(outcome.getByText(/^#[\d,]+ \/ [\d,]+$/)).toBeVisible();
    await expectNoSeriousViolations(page, 'fusion result');
    // The address names the run: a reload shows the same result, read again, and burns nothing more.
    await expect(page).toHaveURL(/\/slots\?run=[0-9a-f-]{36}$/);
    await page.reload();
    await expect(outcome.getByRole('heading', { name: 'Pixel Knight Paladin' })).toBeVisible();

    // A burned Squire's page stays, its history ending with the fusion.
    await outcome.getByText('What was burned').click();
    await outcome
      .getByRole('link', { name: /^Pixel Knight Squire #/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
    const history = page.getByRole('list', { name: 'Edition history' });
    await expect(history).toContainText('Used in a fusion');

    // My Collection holds the Paladin and none of the Squires.
    await page.goto('/collections');
    await expect(neonArcade.getByRole('listitem')).toHaveCount(1);
    await expect(neonArcade.getByRole('listitem')).toContainText('Pixel Knight Paladin');
    await expect(neonArcade.getByRole('listitem').filter({ hasText: 'Pixel Knight Squire' })).toHaveCount(0);
  });
});
