import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { activeAccountThroughApi } from './support/accounts.ts';
import { answerSandboxIdentityPage } from './support/identity.ts';
import { addFundsOnPage } from './support/sandbox-checkout.ts';
import { demoCollector, signInOnPage } from './support/sign-in.ts';

// The payment page as a collector meets it: a card deposit through the sandbox's hosted checkout and back, the
// receipt in the history, identity verification through the sandbox provider (a failure, then a resubmitted ID),
// nothing to withdraw until crypto funds arrive, then the withdrawal form's bank fields. The amount is odd so the row
// is this run's own.
test.describe('payment page', () => {
  test('add funds by card on the sandbox checkout, come back, and find the receipt', async ({ page }) => {
    await page.goto('/payment');
    await signInOnPage(page, demoCollector);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'US dollars balance' })).toBeVisible();
    await expectNoSeriousViolations(page, 'payment balance');

    await page.getByRole('tab', { name: 'Add funds' }).click();
    await page.getByLabel(/Amount \(USD\)/).fill('4');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Amount is not within correct bandwidth')).toBeVisible();
    await page.getByLabel(/Amount \(USD\)/).fill('17.31');
    await expectNoSeriousViolations(page, 'payment add funds');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/dev\/payments\/card\/checkout\//);
    await page.locator('input[name=cardNumber]').fill('4242 4242 4242 4242');
    await page.locator('input[name=expiry]').fill('12/39');
    await page.locator('input[name=cvc]').fill('123');
    await page.locator('button[type=submit]').click();

    await expect(page).toHaveURL(/\/payment\?deposit=/);
    // Either the outcome (once the deposit lookup exists) or the neutral word while it does not; never a crash.
    await expect(page.getByText(/Funds added|We're confirming your payment/)).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.getByRole('button', { name: /\+\$17\.31/ }).first();
    await row.click();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt).toContainText('Visa •••• 4242');
    await expect(receipt).toContainText('$17.31');
    await expect(receipt).toContainText('Merchant');
    await expectNoSeriousViolations(page, 'payment history');
  });

  test('verify identity (refused once, ID resubmitted), then the wire form asks for the bank country fields', async ({
    page,
    request,
  }) => {
    // A collector of this test's own: the seeded one may already be verified by the wallet journey, in any order.
    const collector = await activeAccountThroughApi(request, 'identity');
    await page.goto('/payment?tab=withdraw');
    await signInOnPage(page, collector);
    // Not verified yet: no withdrawal form until the identity check passes.
    const verify = page.getByRole('region', { name: 'Verify your identity' });
    await expect(verify).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request wire withdrawal' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'payment verify identity');
    await verify.getByRole('button', { name: 'Verify your identity' }).click();
    await answerSandboxIdentityPage(page, 'Failed (document unreadable)');

    const resubmit = page.getByRole('dialog', { name: 'Resubmit ID' });
    await expect(resubmit).toContainText('We could not verify your identity. Please resubmit your ID.');
    await expect(resubmit).toContainText('We could not read the photo of your ID');
    await expectNoSeriousViolations(page, 'payment resubmit ID');
    await resubmit.getByRole('button', { name: 'Resubmit ID' }).click();
    await answerSandboxIdentityPage(page, 'Verified');
    await expect(page.getByText('Identity verified')).toBeVisible();

    // Verified, but a new account has nothing it could withdraw: it is told so, with no form that could only fail.
    await expect(page.getByRole('heading', { name: 'Nothing to withdraw yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request wire withdrawal' })).toHaveCount(0);
    // Crypto is withdrawable once confirmed: the forms appear.
    await addFundsOnPage(page, 'crypto', '150.00');
    await page.goto('/payment?tab=withdraw');

    await page.getByLabel(/Bank country/).selectOption('US');
    await expect(page.getByLabel(/Routing number \(wire\)/)).toBeVisible();
    await page.getByLabel(/Bank country/).selectOption('GB');
    await expect(page.getByLabel(/IBAN/)).toBeVisible();
    await expect(page.getByLabel(/Routing number/)).toHaveCount(0);
    await page.getByLabel(/Amount \(USD\)/).fill('100');
    await expect(page.getByLabel('Withdrawal total')).toContainText('$125.00');
    await page.getByRole('button', { name: 'Request wire withdrawal' }).click();
    await expect(page.getByText('Please confirm that the information is correct.')).toBeVisible();
    await expectNoSeriousViolations(page, 'payment withdraw');
  });
});
