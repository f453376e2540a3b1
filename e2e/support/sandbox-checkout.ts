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

/** Pays the open sandbox checkout of a deposit: the card form, or the crypto charge's "confirmed" outcome. */
async function payDepositOnSandbox(page: Page, method: 'card' | 'crypto'): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/dev/payments/${method}/checkout/`));
  if (method === 'card') {
    await page.locator('input[name=cardNumber]').fill('4242 4242 4242 4242');
    await page.locator('input[name=expiry]').fill('12/39');
    await page.locator('input[name=cvc]').fill('123');
    await page.locator('button[type=submit]').click();
  } else {
    await page.getByRole('button', { name: 'Send payment (confirmed)' }).click();
  }
  await expect(page).toHaveURL(/\/payment\?deposit=/);
  await expect(page.getByText('Funds added', { exact: true })).toBeVisible();
}

/** Adds funds from the payment page, as a signed-in person: crypto is withdrawable at once, card once it settles. */
export async function addFundsOnPage(page: Page, method: 'card' | 'crypto', dollars: string): Promise<void> {
  await page.goto('/payment?tab=add-funds');
  // The radio itself sits under the choice's icon: a person clicks the choice's name.
  await page.getByText(method === 'card' ? 'Card' : 'Crypto', { exact: true }).click();
  await expect(page.getByRole('radio', { name: method === 'card' ? /^Card/ : /^Crypto/ })).toBeChecked();
  await page.getByLabel(/Amount \(USD\)/).fill(dollars);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payDepositOnSandbox(page, method);
}
