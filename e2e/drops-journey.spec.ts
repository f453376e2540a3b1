import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { expectButtonLook, expectWholeChoiceInSight } from './support/purchase-popup.ts';
import { payOnSandboxCardCheckout } from './support/sandbox-checkout.ts';
import { demoCollector, signInOnPage } from './support/sign-in.ts';

// Drops and orders as a collector meets them, on the seeded drops (apps/api/src/db/seed/demo-drops.ts): the live
// "Pixel Knights: Genesis Pack" (round 1 open to all at $15 a pack), the upcoming "Starfall Academy: Orientation Day"
// and the completed "Midnight Bloom: Opening Night" with its provenance revealed.
//
// The journey that spends money starts from a new collector (an empty balance, no orders, no notifications), so what
// it counts is its own whatever ran before; the card purchase uses the seeded collector, whose balance it leaves as
// it was (the card pays), and which no other journey counts orders or notifications of.

const LIVE_DROP = 'Pixel Knights: Genesis Pack';
const UPCOMING_DROP = 'Starfall Academy: Orientation Day';
const COMPLETED_DROP = 'Midnight Bloom: Opening Night';

/** "$15.75" in "Pay now · $15.75" or "Continue to payment · $15.75". */
const totalIn = (label: string | null): string => {
  const total = label?.match(/\$[\d,]+\.\d{2}/)?.[0];
  if (!total) throw new Error(`no amount in: ${label}`);
  return total;
};

/** From /drops (Available now), the live drop's card to its page. */
async function openLiveDrop(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Drops' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(LIVE_DROP) }).click();
  await expect(page.getByRole('heading', { level: 1, name: LIVE_DROP })).toBeVisible();
}

test.describe('drops and purchases', () => {
  test('a new collector is short of funds, adds them, buys a pack, opens it, and finds the purchase again', async ({
    page,
    request,
  }) => {
    // A dozen screens, two of them the sandbox's, and a reveal that turns three cards: longer than one page's test.
    test.setTimeout(300_000);
    const account = await activeAccountThroughApi(request, 'drops');
    await page.goto(`/signin?redirectTo=${encodeURIComponent('/drops')}`);
    await signInOnPage(page, account);
    await expect(page).toHaveURL(/\/drops$/);
    await expect(page.getByRole('tab', { name: 'Available now', selected: true })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(LIVE_DROP) })).toBeVisible();
    await expectNoSeriousViolations(page, 'drops (available now)');

    await openLiveDrop(page);
    const dropUrl = page.url();
    await expect(page.getByRole('group', { name: 'Your allowance' })).toContainText(
      'You can buy up to 10 packs in round 1.',
    );
    await expectNoSeriousViolations(page, 'drop page');

    // Back (a phone's back gesture) closes the popup and stays on the drop.
    await page.getByRole('button', { name: 'Buy packs' }).click();
    const popup = page.getByRole('dialog', { name: `Buy packs of ${LIVE_DROP}` });
    await expect(popup).toBeVisible();
    await page.goBack();
    await expect(popup).toBeHidden();
    expect(page.url()).toBe(dropUrl);

    // An empty balance: the popup says so, offers Add funds, and will not pay.
    await page.getByRole('button', { name: 'Buy packs' }).click();
    const short = popup.getByRole('alert').filter({ hasText: 'Insufficient funds' });
    await expect(short).toContainText('Your balance is $0.00');
    await expectButtonLook(popup.getByRole('button', { name: /^Pay now · \$/ }), 'disabled');
    await expectWholeChoiceInSight(popup);
    await expectNoSeriousViolations(page, 'purchase popup (insufficient funds)');

    // Add funds leads to the add-funds tab with the way back to the drop, kept across the sandbox's checkout.
    await short.getByRole('link', { name: 'Add funds' }).click();
    await expect(page).toHaveURL(/\/payment\?tab=add-funds&returnTo=/);
    await expect(page.getByRole('tab', { name: 'Add funds', selected: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You will come back afterwards' })).toContainText(
      'Back to the drop',
    );
    await page.getByText('Card', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /^Card/ })).toBeChecked();
    // The amount arrives filled in with what the purchase lacks (a pack at $15 and its fee, against $0.00).
    const amount = page.getByLabel(/Amount \(USD\)/);
    await expect(amount).toHaveValue('15.75');
    await amount.fill('50.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payOnSandboxCardCheckout(page);
    await expect(page).toHaveURL(/\/payment\?deposit=/);
    const added = page.getByRole('status').filter({ hasText: 'Funds added' });
    await expect(added).toContainText('$50.00 was added to your balance');
    await added.getByRole('link', { name: 'Back to the drop' }).click();

    // Back on the drop, the popup opens again, now able to pay from the balance.
    await expect(page).toHaveURL(`${dropUrl}?buy=1`);
    await expect(popup.getByRole('status').filter({ hasText: 'Balance payment available' })).toContainText(
      'Your balance is $50.00',
    );
    const payNow = popup.getByRole('button', { name: /^Pay now · \$/ });
    await expectButtonLook(payNow, 'enabled');
    await expectWholeChoiceInSight(popup);
    const total = totalIn(await payNow.textContent());
    await expectNoSeriousViolations(page, 'purchase popup (balance payment available)');
    await payNow.click();

    // A balance payment settles at once: the status page shows it complete.
    await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}\/status$/);
    const statusUrl = page.url();
    const orderId = statusUrl.split('/').at(-2)!;
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase complete' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`1 pack of ${LIVE_DROP} is yours, paid ${total}.`);
    await expectNoSeriousViolations(page, 'purchase status (complete)');

    // The pack opens in its dialog on My packs and reveals its three editions, each with its picture and number.
    await page.getByRole('link', { name: 'Open your pack' }).click();
    await expect(page).toHaveURL(/\/drops\?tab=packs&pack=/);
    const packDialog = page.getByRole('dialog', { name: /^Pack #\d+$/ });
    await expect(packDialog).toContainText(`${LIVE_DROP} · Neon Arcade · Round 1`);
    await packDialog.getByRole('button', { name: 'Open pack' }).click();
    const editions = packDialog.getByRole('region', { name: 'Editions in this pack' });
    await expect(editions.getByText('All 3 editions revealed.')).toBeAttached({ timeout: 15_000 });
    const cards = editions.getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByText(/^#[\d,]+ \/ [\d,]+$/)).toBeVisible();
      // The picture is decoration beside the edition's name (alt=""), so it is found as an image element.
      const picture = card.locator('img');
      // Loaded, not broken: a broken image is complete too, but has no width.
      await expect(picture).toHaveJSProperty('complete', true);
      await expect(picture).not.toHaveJSProperty('naturalWidth', 0);
    }
    await expectNoSeriousViolations(page, 'pack opened');
    await packDialog.getByRole('button', { name: 'Done' }).click();
    await expect(packDialog).toBeHidden();
    await expect(page).toHaveURL(/\/drops\?tab=packs$/);

    // The three editions are in My Collection under their brand; one opens as a token, which its owner can lock.
    await page.goto('/collections');
    const brand = page.getByRole('region', { name: 'Neon Arcade' });
    await expect(brand.getByRole('listitem')).toHaveCount(3);
    await expectNoSeriousViolations(page, 'my collection');
    await brand.getByRole('listitem').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/nfts\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^0x[0-9a-f]{40}$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Edition history' })).toContainText('Opened');
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await expectNoSeriousViolations(page, 'nft page');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();

    // It stands on a figure base of its collection (every collection the drop draws from has a base with a slot that
    // takes anything), which holds it against export until it comes off.
    const nftUrl = page.url();
    const nftName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page
      .locator('dt', { hasText: /^Collection$/ })
      .locator('xpath=following-sibling::dd[1]')
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/collections\/[0-9a-f-]{36}$/);
    await page.getByRole('list', { name: 'Figure bases' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/figure_base\/[0-9a-f-]{36}\/editions$/);
    await expect(page.getByText(/^0 of \d+ slots filled$/)).toBeVisible();
    const yoursThatFit = page.getByRole('list', { name: 'Your editions that fit' });
    await expect(yoursThatFit).toContainText(nftName.split(' #')[0]!);
    const freeSlot = page
      .getByRole('listitem')
      .filter({ has: page.getByText(/^Any .* collectible$/) })
      .first();
    const slotName = (await freeSlot.getByRole('heading', { level: 3 }).textContent())!.trim();
    await freeSlot.getByRole('button', { name: 'Place a collectible' }).click();
    const chooser = page.getByRole('dialog', { name: `Place in ${slotName}` });
    const escapedName = nftName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Not followed by a digit: "#1" must not pick "#12".
    await chooser.getByRole('button', { name: new RegExp(`${escapedName}(?!\\d)`) }).click();
    await expect(chooser).toBeHidden();
    await expect(page.getByText(`stands in ${slotName}`)).toBeVisible();
    await expect(freeSlot.getByRole('button', { name: 'Take off' })).toBeVisible();
    await expectNoSeriousViolations(page, 'figure base');
    await page.goto(nftUrl);
    await expect(page.getByText('On a figure base: take it off the base to lock or export it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeHidden();
    await expect(page.getByRole('list', { name: 'Edition history' })).toContainText('Placed on a figure base');

    // Favorited, it shows on the collector's public profile, which anyone reaches from the NFT page's owner.
    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');
    await page
      .locator('dt', { hasText: /^Owner$/ })
      .locator('xpath=following-sibling::dd[1]')
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/?$/);
    const favorites = page.getByRole('list', { name: /'s favorites$/ });
    const favorite = favorites.locator(`a[href="${new URL(nftUrl).pathname}"]`);
    await expect(favorite).toContainText(nftName.split(' #')[0]!);
    await expect(favorite).toContainText(`#${nftName.split(' #')[1]}`);
    await expectNoSeriousViolations(page, 'public profile');

    // The header's bell counts the funds added and the purchase; the page lists both, and Mark all read reads them.
    await page.getByRole('link', { name: 'Notifications, 2 unread' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const notifications = page.getByRole('list', { name: 'Notifications' });
    await expect(notifications.getByRole('listitem')).toHaveCount(2);
    const complete = notifications.getByRole('listitem').filter({ hasText: 'Purchase complete' });
    await expect(complete).toHaveCount(1);
    await expect(complete).toContainText('Unread:');
    await expect(complete).toContainText(`You bought 1 pack of ${LIVE_DROP}. Open it to reveal your editions.`);
    const funds = notifications.getByRole('listitem').filter({ hasText: 'Funds added' });
    await expect(funds).toContainText('Unread:');
    await expect(funds).toContainText('$50.00 was added to your balance');
    await expect(page.getByText('2 unread', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'notifications');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('All caught up.')).toBeVisible();
    await expect(complete).not.toContainText('Unread:');
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await complete.getByRole('link').click();
    await expect(page).toHaveURL(statusUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase complete' })).toBeVisible();

    // The purchase history, from the account menu: the order, its receipt, and its own page.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('link', { name: 'Purchases' }).click();
    await expect(page).toHaveURL(/\/payment\?tab=purchases$/);
    const purchases = page.getByRole('list', { name: 'Purchases' });
    await expect(purchases.getByRole('listitem')).toHaveCount(1);
    const row = purchases.getByRole('listitem').first();
    await expect(row).toContainText('Successful');
    await row.getByRole('button', { name: new RegExp(`${LIVE_DROP}.*${total.replace('$', '\\$')}`) }).click();
    const receipt = row.getByRole('region', { name: 'Receipt' });
    for (const field of ['Payment ID', 'Merchant', 'Date and time', 'Payment method', 'Subtotal', 'Service fee']) {
      await expect(receipt.getByRole('term').filter({ hasText: field })).toBeVisible();
    }
    await expect(receipt.getByRole('term').filter({ hasText: 'Total paid' })).toBeVisible();
    await expect(receipt).toContainText('$15.00');
    await expect(receipt).toContainText(total);
    await expectNoSeriousViolations(page, 'payment purchases with a receipt');
    await row.getByRole('link', { name: 'View order' }).click();
    await expect(page).toHaveURL(new RegExp(`/purchase/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Your purchase' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Receipt' })).toContainText(total);
  });

  test('a card purchase waits on the status page, is paid on the sandbox checkout, and completes', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`/signin?redirectTo=${encodeURIComponent('/drops')}`);
    await signInOnPage(page, demoCollector);
    await openLiveDrop(page);

    await page.getByRole('button', { name: 'Buy packs' }).click();
    const popup = page.getByRole('dialog', { name: `Buy packs of ${LIVE_DROP}` });
    await popup.getByText('Card', { exact: true }).click();
    await expect(popup.getByRole('radio', { name: /^Card/ })).toBeChecked();
    await expect(popup).toContainText(/Your packs? (is|are) held for you while you pay/);
    const pay = popup.getByRole('button', { name: /^Continue to payment · \$/ });
    const total = totalIn(await pay.textContent());
    await pay.click();

    // On the provider's page, before paying, the collector looks at the purchase: it waits, its packs held.
    await expect(page).toHaveURL(/\/dev\/payments\/card\/checkout\//);
    await page.goto('/notifications');
    // The demo collector is shared with other journeys running beside this one (the payment page adds funds), so the
    // notices are found by what they say, newest first, not by their place in the list.
    const notices = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    const pending = notices.filter({ hasText: 'Payment pending' }).first();
    await expect(pending).toBeVisible();
    await pending.getByRole('link').click();
    await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}\/status$/);
    const statusUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/Your packs? (is|are) held for/);
    await expectNoSeriousViolations(page, 'purchase status (pending)');

    // Finishing the payment returns to the same status page, which turns to success.
    await page.getByRole('link', { name: 'Finish paying' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Pay ${total}` })).toBeVisible();
    await payOnSandboxCardCheckout(page);
    await expect(page).toHaveURL(statusUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase complete' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('main')).toContainText(`paid ${total}`);
    await expect(page.getByRole('link', { name: 'Open your pack' })).toBeVisible();

    // Complete supersedes pending: the pending notice is read now, so only the completion counts as unread.
    await page.goto('/notifications');
    await expect(notices.filter({ hasText: 'Purchase complete' }).first()).toContainText('Unread: Purchase complete');
    await expect(notices.filter({ hasText: 'Payment pending' }).first()).not.toContainText('Unread:');
  });

  test('the drop tabs list each seeded drop, and the completed drop checks out', async ({ page }) => {
    await page.goto('/drops');
    const tabs = page.getByRole('tablist', { name: 'Drops' });
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('link', { name: new RegExp(LIVE_DROP) })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(page).toHaveURL(/\/drops\?tab=upcoming$/);
    await expect(panel.getByRole('link', { name: new RegExp(UPCOMING_DROP) })).toBeVisible();
    await expectNoSeriousViolations(page, 'drops (upcoming)');

    await tabs.getByRole('tab', { name: 'Completed' }).click();
    await expect(page).toHaveURL(/\/drops\?tab=completed$/);
    await panel.getByRole('link', { name: new RegExp(COMPLETED_DROP) }).click();
    await expect(page.getByRole('heading', { level: 1, name: COMPLETED_DROP })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy packs' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Check the provenance' }).click();
    await expect(page).toHaveURL(/\/drops\/[0-9a-f-]{36}\/provenance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Provenance' })).toBeVisible();
    const verdict = page.getByRole('region', { name: 'Checked in your browser', exact: true });
    await expect(verdict.getByText('This drop checks out')).toBeVisible({ timeout: 15_000 });
    await expect(verdict).toContainText('The commitment matches');
    await expect(verdict).toContainText('The contents follow from the seed');
    // Every claim of the drop, hash-chained from the commitment and recomputed here too (issue 16).
    const claimLog = page.getByRole('region', { name: /^Claim log, checked in your browser/ });
    await expect(claimLog.getByText('The claim log checks out')).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousViolations(page, 'drop provenance');
  });
});
