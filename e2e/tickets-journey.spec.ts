import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { demoAdmin, demoCollector, signInOnPage } from './support/sign-in.ts';

// Tickets (issue 18) on the demo seed: the Drop ticket on sale at $1.00, and three of them for fan@cypher.local
// (apps/api/src/db/seed/seed-tickets.ts). An operator grants a new collector two in the console; the collector sees
// them, their history and the notification.

test.describe('tickets', () => {
  test('a visitor sees what is on sale and is asked to sign in; the demo collector sees their three', async ({
    page,
  }) => {
    await page.goto('/tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'Tickets' })).toBeVisible();
    const onSale = page.getByRole('list', { name: 'Tickets on sale' });
    await expect(onSale.getByRole('article', { name: 'Drop ticket' })).toContainText('$1.00 a ticket');
    const mine = page.getByRole('region', { name: 'My tickets' });
    await expect(mine.getByRole('heading', { name: 'Sign in to see your tickets' })).toBeVisible();
    await expectNoSeriousViolations(page, 'tickets (visitor)');

    await mine.getByRole('link', { name: 'Sign in' }).click();
    await signInOnPage(page, demoCollector);
    await expect(page).toHaveURL(/\/tickets$/);
    const held = page.getByRole('list', { name: 'My tickets' }).getByRole('article', { name: 'Drop ticket' });
    await expect(held).toContainText('3 held');
    await expect(held).toContainText('Enter raffle rounds');
    await expect(page.getByRole('list', { name: 'Ticket history' })).toContainText('3 Drop tickets from the team');
    await expectNoSeriousViolations(page, 'tickets (collector)');
  });

  test('an operator grants a collector two Drop tickets; the collector sees them, the history and the notice', async ({
    page,
    request,
  }) => {
    const collector = await activeAccountThroughApi(request, 'tickets');

    await page.goto('/console/ticket-kinds');
    await signInOnPage(page, demoAdmin);
    await page.getByRole('link', { name: 'Drop ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Drop ticket' })).toBeVisible();
    await expect(page.getByText('On sale now.')).toBeVisible();
    const grant = page.getByRole('form', { name: 'Grant tickets' });
    await grant.getByLabel(/^Email address or user id/).fill(collector.email);
    await grant.getByLabel(/^How many/).fill('2');
    await grant.getByLabel(/^Note/).fill('Welcome gift');
    await expectNoSeriousViolations(page, 'console ticket kind');
    await grant.getByRole('button', { name: 'Grant tickets' }).click();
    // Granted only once confirmed: a grant cannot be taken back.
    const confirm = page.getByRole('dialog', { name: 'Grant 2 Drop tickets?' });
    await expect(confirm).toContainText(`${collector.email} gets 2 Drop tickets (worth $2.00 at their price)`);
    await expectNoSeriousViolations(page, 'console ticket grant confirmation');
    await confirm.getByRole('button', { name: 'Grant tickets' }).click();
    await expect(page.getByText('2 Drop tickets granted')).toBeVisible();
    await expect(page.getByText(`${collector.email} now holds 2.`)).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate('localStorage.clear()');
    await page.goto('/signin?redirectTo=%2Ftickets');
    await signInOnPage(page, collector);
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(
      page.getByRole('list', { name: 'My tickets' }).getByRole('article', { name: 'Drop ticket' }),
    ).toContainText('2 held');
    await expect(page.getByRole('list', { name: 'Ticket history' })).toContainText('2 Drop tickets from the team');

    await page.goto('/notifications');
    await expect(page.getByText('2 Drop tickets added')).toBeVisible();
  });
});
