import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { signInOnPage } from './support/sign-in.ts';

// "Remind me" (issue 22) on the upcoming seeded drop (apps/api/src/db/seed/demo-drops.ts), whose one round opens in
// three days. The journey does not wait for it: the dev-only POST /dev/drop-reminders/send runs the reminder job now,
// as if that time had come (production answers 404 there). A new collector, so whatever it counts is its own.

const UPCOMING_DROP = 'Starfall Academy: Orientation Day';
const SUBJECT = `Round 1 of ${UPCOMING_DROP} is open`;

interface MailboxMessage {
  to: string;
  subject: string | null;
  text: string;
}

test.describe('drop reminders', () => {
  test('a collector asks to be reminded of the upcoming round, and is told once, by notification and email, when it opens', async ({
    page,
    request,
  }) => {
    const account = await activeAccountThroughApi(request, 'reminders');

    // Signed out, the upcoming drop offers a reminder through signing in, and comes back.
    await page.goto('/drops?tab=upcoming');
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: new RegExp(UPCOMING_DROP) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: UPCOMING_DROP })).toBeVisible();
    const dropPath = new URL(page.url()).pathname;
    await expect(page.getByRole('button', { name: 'Buy packs' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Remind me' }).click();
    await signInOnPage(page, account);
    await expect(page).toHaveURL(dropPath);

    const remind = page.getByRole('button', { name: 'Remind me' });
    await expect(remind).toHaveAccessibleDescription(/^A notification and an email when round 1 opens/);
    await remind.click();
    const cancel = page.getByRole('button', { name: 'Cancel the reminder for round 1' });
    await expect(cancel).toBeVisible();
    await expect(page.getByText('Reminder set for round 1')).toBeVisible();
    await expectNoSeriousViolations(page, 'drop page (reminder set)');
    // Kept across a reload: the drop's viewer part says it is set.
    await page.reload();
    await expect(cancel).toBeVisible();

    // The round opens: the job runs at its saleBeginAt, and once more, as a second run or a restart would.
    const drop = (await (await request.get(`/v1${dropPath}`)).json()).data as {
      salePolicies: { saleBeginAt: string }[];
    };
    const dueBy = drop.salePolicies[0]!.saleBeginAt;
    for (let run = 0; run < 2; run += 1) {
      const sent = await request.post('/dev/drop-reminders/send', { data: { dueBy } });
      expect(sent.status()).toBe(200);
    }

    // One email, to the collector, with the way to the drop.
    const mailbox = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(account.email)}`);
    const emails = ((await mailbox.json()).data as MailboxMessage[]).filter((message) => message.subject === SUBJECT);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`Round 1 of ${UPCOMING_DROP} is on sale now.`);
    expect(emails[0]!.text).toMatch(new RegExp(`Go to the drop: https?://[^\\s]+${dropPath}`));

    // One notification, unread, on the bell and the page; it leads back to the drop.
    await page.goto('/notifications');
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    const notices = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect(notices).toHaveCount(1);
    await expect(notices.first()).toContainText('Unread: Round 1 is open');
    await expect(notices.first()).toContainText(`Round 1 of ${UPCOMING_DROP} is on sale now.`);
    await expectNoSeriousViolations(page, 'notifications (drop reminder)');
    await notices.first().getByRole('link').click();
    await expect(page).toHaveURL(dropPath);
    await expect(page.getByRole('heading', { level: 1, name: UPCOMING_DROP })).toBeVisible();
  });
});
