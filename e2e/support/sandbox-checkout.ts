import { expect, type Page } from '@playwright/test';

/**
 * Pays the sandbox's hosted card form (/dev/payments/card/checkout/:reference) with the test card that succeeds.
 * The sandbox delivers the signed webhook before it sends the browser back to the return address it was given.
 */
export async function payOnSandboxCardCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/payments\/card\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}
