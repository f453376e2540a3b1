import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { operatorAuth, scheduleSquireDrop } from './support/scheduled-drop.ts';
import { signInOnPage } from './support/sign-in.ts';

// A pack as a gift (decision record 36). The operator publishes a drop of Pixel Knight Squires with two packs set aside
// in a gift round, and makes a batch of codes granting one of them, through the console's API. A new collector redeems
// a code, sees a sealed pack of the drop given, finds it among the unopened packs of My Collection, opens it there,
// and holds its Squire; the drop's page counts the pack given, apart from the sale.

test.describe('a pack as a gift', () => {
  test('a new collector redeems a code that gives a pack, then opens it from the collection', async ({
    page,
    request,
  }) => {
    const auth = await operatorAuth(request);
    const name = `Squire Gifts ${Date.now().toString(36)}`;
    const { dropId } = await scheduleSquireDrop(request, auth, {
      name,
      description: 'Three Squires on sale, two given away.',
      opensAt: Date.now() + 60 * 60_000,
      giftPacks: 2,
    });
    const consoleDrop = (await (await request.get(`/v1/console/drops/${dropId}`, { headers: auth })).json()) as {
      data: { giftRound: { id: string; round: number; beginIssuedPackNumber: number } };
    };
    const { giftRound } = consoleDrop.data;
    const created = await request.post('/v1/console/redeem-batches', {
      headers: auth,
      data: {
        name: `Squire gift ${Date.now().toString(36)}`,
        grant: { kind: 'PACK', dropId, giftRoundId: giftRound.id },
        codeCount: 2,
        validFrom: new Date(Date.now() - 60_000).toISOString(),
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const batchId = ((await created.json()) as { data: { id: string } }).data.id;
    const exported = await request.get(`/v1/console/redeem-batches/${batchId}/codes.csv`, { headers: auth });
    const code = (await exported.text()).trim().split('\n')[1]!.split(',')[1]!;

    const collector = await activeAccountThroughApi(request, 'gifted');
    await page.goto(`/signin?redirectTo=${encodeURIComponent('/profile/redeem')}`);
    await signInOnPage(page, collector);
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const result = page.getByRole('region', { name: 'Code redeemed' });
    const packTitle = `Pack #${giftRound.beginIssuedPackNumber} of ${name}`;
    await expect(result).toContainText(packTitle);
    await expect(result).toContainText('Sealed: open it to reveal 1 edition.');
    await expect(page.getByRole('list', { name: 'Redeemed codes' })).toContainText(packTitle);
    await expectNoSeriousViolations(page, 'redeem page (a pack given)');

    // The notification says what was given and leads to it.
    await page.goto('/notifications');
    const notice = page.getByRole('link', { name: new RegExp(`Your code gave you a pack of ${name}`) });
    await expect(notice).toHaveAttribute('href', /\/drops\?tab=packs&pack=[0-9a-f-]{36}$/);

    // Sealed among the unopened packs of My Collection, as a gift; it opens there.
    await page.goto('/collections');
    const unopened = page.getByRole('list', { name: 'Unopened packs' });
    const sealed = unopened.getByRole('listitem').filter({ hasText: name });
    await expect(sealed).toContainText(`Pack #${giftRound.beginIssuedPackNumber} · A gift`);
    await expectNoSeriousViolations(page, 'my collection (a gift pack sealed)');
    await sealed.getByRole('link').click();
    const packDialog = page.getByRole('dialog', { name: `Pack #${giftRound.beginIssuedPackNumber}` });
    await expect(packDialog).toContainText(`${name} · Neon Arcade · A gift`);
    await expect(packDialog).toContainText('Given to you');
    await packDialog.getByRole('button', { name: 'Open pack' }).click();
    const editions = packDialog.getByRole('region', { name: 'Editions in this pack' });
    // A one-edition pack: "Your edition is revealed." (not "All 1 editions revealed.").
    await expect(editions.getByText('Your edition is revealed.')).toBeAttached({ timeout: 15_000 });
    await expect(editions.getByRole('article')).toHaveCount(1);
    await expect(editions.getByRole('article')).toContainText('Pixel Knight Squire');
    await packDialog.getByRole('button', { name: 'Done' }).click();
    await expect(packDialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Unopened packs' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Neon Arcade' })).toContainText('Pixel Knight Squire');

    // The drop's page counts the gift apart from the sale: three packs on sale, none sold; two set aside, one given.
    await page.goto(`/drops/${dropId}`);
    const facts = page.getByLabel('Editions and packs');
    await expect(facts).toContainText('0 of 3');
    await expect(facts).toContainText('Set aside for giveaways2 packs; 1 given');
  });
});
