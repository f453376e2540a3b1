import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import { signInOnPage } from './support/sign-in.ts';
import {
  activeAccountThroughApi,
  enableTwoFactorThroughApi,
  latestMessage,
  linkIn,
  PASSWORD,
  signUpThroughApi,
  smsCodeIn,
  uniqueEmail,
  uniqueNickname,
  verifyEmailThroughApi,
} from './support/accounts.ts';

// Accounts and sessions as a person meets them, in Chromium against the real server and its dev mailbox.
test.describe('accounts and sessions', () => {
  test('sign up, verify the email from the mailbox, and land on profile creation', async ({ page, request }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expectNoSeriousViolations(page, 'sign-up');

    // The form refuses a mismatch with the spec's words before anything is sent.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('the passwords do not match, please re-enter')).toBeVisible();
    await expect(page.getByText('Please agree to continue.')).toHaveCount(2);

    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel(/terms of service/).check();
    await page.getByLabel(/privacy policy/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // A new account is CREATED: the status redirect sends it to verify its email.
    await expect(page).toHaveURL(/\/email\/verify$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${email}`) })).toBeVisible();
    await expectNoSeriousViolations(page, 'email verify (check your inbox)');

    // Sending another link also works, and says so.
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText('Verification email sent')).toBeVisible();

    const mail = await latestMessage(request, email, (message) => message.text.includes('/email/verify?key='));
    await page.goto(linkIn(mail));
    await expect(page.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
    await expectNoSeriousViolations(page, 'email verified');

    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile\/creation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible();

    // EMAIL_VERIFIED now: any other page sends the account back to profile creation, which then goes on to it.
    await page.goto('/drops');
    await expect(page).toHaveURL(/\/profile\/creation\?redirectTo=%2Fdrops$/);
  });

  test('sign in with two-factor through the SMS step', async ({ page, request }) => {
    const email = uniqueEmail('two-factor');
    const phoneNumber = '+15551234567';
    const tokens = await signUpThroughApi(request, email);
    await verifyEmailThroughApi(request, email);
    await enableTwoFactorThroughApi(request, tokens, phoneNumber);

    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoSeriousViolations(page, 'sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const codesBefore = Date.now();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Check your phone' })).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code we sent to the phone ending in 4567.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
    await expectNoSeriousViolations(page, 'SMS step');

    const sms = await latestMessage(
      request,
      phoneNumber,
      (message) => Date.parse(message.createdAt) >= codesBefore - 1000,
    );
    await page.getByLabel('Verification code').fill(smsCodeIn(sms));
    await page.getByRole('button', { name: 'Verify' }).click();

    // Signed in; the account is EMAIL_VERIFIED, so the status redirect continues to profile creation.
    await expect(page).toHaveURL(/\/profile\/creation$/);
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${email}`) })).toBeVisible();
    expect(await page.evaluate("localStorage.getItem('cypher:refreshToken')")).toMatch(/\S/);

    // With a profile, the person turns two-factor off on the security page (password, then a texted code), and on
    // again with a new phone.
    await page.getByLabel('Nickname').fill(uniqueNickname('Guarded'));
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto('/account/security');
    const codeTo = async (phone: string, since: number) =>
      smsCodeIn(await latestMessage(request, phone, (message) => Date.parse(message.createdAt) >= since - 1000));

    await page.getByRole('button', { name: 'Turn off two-factor' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm with your password' });
    await confirm.getByLabel('Current password').fill(PASSWORD);
    const offCodesFrom = Date.now();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const turnOff = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await expect(turnOff).toContainText('the phone ending in 4567');
    await turnOff.getByLabel('Verification code').fill(await codeTo(phoneNumber, offCodesFrom));
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on two-factor' })).toBeVisible();

    const newPhone = '+15557654321';
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await confirm.getByLabel('Current password').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const turnOn = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await turnOn.getByLabel('Mobile number').fill(newPhone);
    const onCodesFrom = Date.now();
    await turnOn.getByRole('button', { name: 'Send code' }).click();
    await expect(turnOn).toContainText('the phone ending in 4321');
    await turnOn.getByLabel('Verification code').fill(await codeTo(newPhone, onCodesFrom));
    await turnOn.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible();
    await expectNoSeriousViolations(page, 'account security');
  });

  test('two tabs of one session stay responsive, and a sign-out in one signs the other out', async ({
    page,
    context,
    request,
  }) => {
    const account = await activeAccountThroughApi(request, 'two-tabs');
    await page.goto('/signin');
    await signInOnPage(page, account);
    const menu = new RegExp(`Account menu for ${account.nickname}`);
    await expect(page.getByRole('button', { name: menu })).toBeVisible();
    // Every storage write is an event in the origin's other tabs: count what this tab receives from here on.
    await page.evaluate(
      "window.storageEvents = 0; window.addEventListener('storage', () => (window.storageEvents += 1))",
    );

    const second = await context.newPage();
    await second.goto('/drops');
    await expect(second.getByRole('button', { name: menu })).toBeVisible();
    await second.getByRole('link', { name: 'Collections', exact: true }).first().click();
    await expect(second).toHaveURL(/\/collections\/?$/);
    // Two tabs once answered each other's storage events with probe writes, thousands a second, until both froze.
    // Two seconds of quiet is long enough for such a storm to show.
    await page.waitForTimeout(2_000);
    const events = await page.evaluate('window.storageEvents');
    expect(events).toBeLessThan(10);

    await second.getByRole('button', { name: menu }).click();
    await second.getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    // The first tab follows without a reload.
    await expect(page.getByRole('button', { name: menu })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    await second.close();
  });

  test('a wrong password says so in the catalogue words', async ({ page, request }) => {
    const email = uniqueEmail('wrong-password');
    await signUpThroughApi(request, email);

    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Not-the#Password1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Email or password is invalid.' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(await page.evaluate("localStorage.getItem('cypher:accessToken')")).toBeNull();
  });

  test('forgot password: the mailed link sets a new password, which then signs in', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await signUpThroughApi(request, email);
    const newPassword = 'Brand-new#Pass2026';

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/password\/reset$/);
    // The address changes before the page does (the router renders the new page as a transition), and the sign-in
    // page has an Email field too: typing before the reset page shows fills the page being left, and the reset form
    // is then sent empty ("Please enter a valid email address."). Wait for the page, not its address.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${email}, we sent a link`)).toBeVisible();

    const mail = await latestMessage(request, email, (message) => message.text.includes('/password/reset?key='));
    await page.goto(linkIn(mail));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText(/Your password has been reset/)).toBeVisible();

    // The old password no longer works; the new one does. The mailed link proved the address, so the account is
    // EMAIL_VERIFIED now and the status redirect continues to profile creation.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email or password is invalid.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/creation$/);
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${email}`) })).toBeVisible();
  });
});
