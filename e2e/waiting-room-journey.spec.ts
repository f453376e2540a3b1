import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { payOnSandboxCardCheckout } from './support/sandbox-checkout.ts';
import { scheduleSquireDrop, operatorAuth } from './support/scheduled-drop.ts';
import { signInOnPage } from './support/sign-in.ts';

// The waiting room of a first-come round (issue 18). An operator schedules a drop whose one round opens in 90 seconds
// and gives it a waiting room that opens a minute before (the earliest the console allows: a room that people may
// already join can no longer be set), leaving the collector 60 s to sign in and join on a busy machine. A new collector joins, waits for the opening, is placed (alone: first) and
// admitted, and the purchase popup opens by itself; paying by card proves the API took the admission.

test.describe('waiting room', () => {
  test('a collector joins a round’s waiting room, is placed at the opening and, admitted, buys with the admission', async ({
    page,
    request,
  }) => {
    // Most of it is the wait for the round to open.
    test.setTimeout(180_000);
    const auth = await operatorAuth(request);
    const name = `Queue Night ${Date.now().toString(36)}`;
    const { dropId } = await scheduleSquireDrop(request, auth, {
      name,
      description: 'One pack each, through the waiting room.',
      opensAt: Date.now() + 90_000,
    });
    const room = await request.put(`/v1/console/drops/${dropId}/rounds/1/waiting-room`, {
      headers: auth,
      data: { admitPerMinute: 60, opensMinutesBefore: 1, tokenTtlSeconds: 300 },
    });
    expect(room.status(), await room.text()).toBe(201);

    const collector = await activeAccountThroughApi(request, 'queue');
    await page.goto(`/signin?redirectTo=${encodeURIComponent(`/drops/${dropId}`)}`);
    await signInOnPage(page, collector);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Waiting room' });
    // No Buy button in a round with a waiting room: the room is the way in.
    await expect(page.getByRole('button', { name: 'Buy packs' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Join the waiting room' }).click({ timeout: 60_000 });
    await expect(panel.getByText('You are in the waiting room.', { exact: true })).toBeVisible();
    await expect(panel).toContainText(/Places are drawn when round 1 opens, in/);
    await expectNoSeriousViolations(page, 'drop page (in the waiting room)');

    // At the opening the places are drawn; the only person in line is admitted at once and the purchase opens.
    const popup = page.getByRole('dialog', { name: `Buy packs of ${name}` });
    await expect(popup).toBeVisible({ timeout: 120_000 });
    await expect(panel).toContainText('It is your turn');
    await expectNoSeriousViolations(page, 'purchase popup (admitted)');
    await popup.getByText('Card', { exact: true }).click();
    await popup.getByRole('button', { name: /^Continue to payment · \$/ }).click();
    await payOnSandboxCardCheckout(page);
    await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase complete' })).toBeVisible({ timeout: 15_000 });
  });
});
