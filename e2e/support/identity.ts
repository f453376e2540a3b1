import { expect, type Page } from '@playwright/test';

export type TSandboxIdentityOutcome = 'Verified' | 'Failed (document unreadable)' | 'Failed (name mismatch)';

/**
 * On the sandbox identity provider's "Upload your ID" page (/dev/identity/:reference), picks what the provider
 * reports; the page signs and delivers the webhook, then sends the browser back to the Withdraw tab.
 */
export async function answerSandboxIdentityPage(page: Page, outcome: TSandboxIdentityOutcome): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/identity\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload your ID' })).toBeVisible();
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(/\/payment\?tab=withdraw&identity=/);
}

/** From the Withdraw tab of a person not verified yet: verify through the sandbox, and wait for the forms. */
export async function verifyIdentityOnPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Verify your identity' }).click();
  await answerSandboxIdentityPage(page, 'Verified');
  await expect(page.getByText('Identity verified')).toBeVisible();
}
