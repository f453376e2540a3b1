import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility.ts';
import {
  activeAccountThroughApi,
  PASSWORD,
  signUpThroughApi,
  uniqueEmail,
  uniqueNickname,
  verifyEmailThroughApi,
} from './support/accounts.ts';
import { gradientPng } from './support/png.ts';
import { signInOnPage } from './support/sign-in.ts';

// Profile and account as a person meets them: profile creation with a photo, Google through the local stand-in,
// Discord connect and disconnect, and a deletion request cancelled from the deletion-in-progress screen.
// Sign-ups are limited to 10 an hour per address for the whole run: each journey here signs up at most once.
test.describe('profile and account', () => {
  test('create the profile with an uploaded photo, pass the introduction, land on home, and see the nickname in the header', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('profile');
    await signUpThroughApi(request, email);
    await verifyEmailThroughApi(request, email);

    await page.goto('/signin');
    await signInOnPage(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/\/profile\/creation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible();
    await expectNoSeriousViolations(page, 'profile creation');

    // The nickname rule speaks before anything is sent.
    await page.getByLabel('Nickname').fill('Ada2');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByText('Use letters only (A-Z): no numbers, spaces or symbols.')).toBeVisible();

    // A file that only pretends to be a PNG is refused by content, in the spec's words.
    const photoInput = page.getByTestId('photo-file');
    await photoInput.setInputFiles({
      name: 'script.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<script>1</script>'),
    });
    await expect(page.getByText('This photo is not supported. Please select another one!')).toBeVisible();

    await photoInput.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: gradientPng(96, 96, [57, 231, 184], [176, 124, 255]),
    });
    const preview = page.getByRole('img', { name: 'Your profile photo' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /\/uploads\//);
    await expect(page.getByText('This photo is not supported. Please select another one!')).toHaveCount(0);

    const nickname = uniqueNickname('Collector');
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByRole('button', { name: 'Create profile' }).click();

    // A new collector is shown the introduction once, then goes home.
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Collect the brands you love' })).toBeVisible();
    await expectNoSeriousViolations(page, 'onboarding');
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${nickname}`) })).toBeVisible();

    // Edit shows what was saved, with the photo.
    await page.goto('/profile/edit');
    await expect(page.getByLabel('Nickname')).toHaveValue(nickname);
    await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

    // A background must be at least 1440 x 397; a smaller one is refused, a big enough one is kept.
    const backgroundInput = page.getByTestId('background-file');
    await backgroundInput.setInputFiles({
      name: 'small.png',
      mimeType: 'image/png',
      buffer: gradientPng(800, 220, [20, 20, 40], [57, 231, 184]),
    });
    await expect(
      page.getByText('The background must be at least 1440 x 397 pixels. Please select a larger image.'),
    ).toBeVisible();
    await backgroundInput.setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: gradientPng(1440, 397, [20, 20, 40], [57, 231, 184]),
    });
    await expect(page.getByRole('img', { name: 'Your background' })).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('img', { name: 'Your background' })).toHaveAttribute('src', /\/uploads\//);
  });

  test('sign in with Google through the local stand-in: consent, signed in, then profile creation', async ({
    page,
  }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // The stand-in provider's page, served by the API: pick a test identity no other journey uses.
    await expect(page).toHaveURL(/\/dev\/oauth\/google\/authorize/);
    await page.getByRole('link', { name: /Alan Turing/ }).click();

    await expect(page).toHaveURL(/\/signup\?social=google$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Finish signing up' })).toBeVisible();
    await expect(page.getByText('alan.turing@gmail.test')).toBeVisible();
    expect(await page.evaluate("localStorage.getItem('cypher:socialProfile')")).toContain('alan.turing@gmail.test');
    await expectNoSeriousViolations(page, 'Google sign-up consent');

    await page.getByLabel(/terms of service/).check();
    await page.getByLabel(/privacy policy/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Google vouched for the email, so the new account goes straight on to profile creation.
    await expect(page).toHaveURL(/\/profile\/creation$/);
    await expect(page.getByRole('button', { name: /Account menu for alan\.turing@gmail\.test/ })).toBeVisible();
    expect(await page.evaluate("localStorage.getItem('cypher:socialProfile')")).toBeNull();

    const nickname = uniqueNickname('Alan');
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${nickname}`) })).toBeVisible();
  });

  test('connect Discord and disconnect it; the page then names the unlock date', async ({ page, request }) => {
    const account = await activeAccountThroughApi(request, 'discord');

    await page.goto('/account/connect');
    await signInOnPage(page, account);
    await expect(page).toHaveURL(/\/account\/connect$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connected accounts' })).toBeVisible();
    await expect(page.getByText('Not connected')).toBeVisible();
    await expectNoSeriousViolations(page, 'account connect');

    await page.getByRole('button', { name: 'Connect Discord' }).click();
    await expect(page).toHaveURL(/\/dev\/oauth\/discord\/authorize/);
    await page.getByRole('link', { name: /@neondrops/ }).click();

    await expect(page).toHaveURL(/\/account\/connect$/);
    await expect(page.getByText('Discord connected')).toBeVisible();
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(/neon/i).first()).toBeVisible();

    await page.getByRole('button', { name: 'Disconnect Discord' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Discord?' });
    await expect(dialog).toContainText('14 days');
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(page.getByText('Not connected')).toBeVisible();

    // The page names the unlock date at once, and again when opened afresh, with the button off until then.
    await page.reload();
    await expect(page.getByText(/^You can connect Discord again on \w+ \d+, \d{4}/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Discord' })).toBeDisabled();
    await expect(page).toHaveURL(/\/account\/connect$/);

    // The security page, for the same signed-in account.
    await page.goto('/account/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Account security' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change password' })).toBeVisible();
    await expectNoSeriousViolations(page, 'account security');
  });

  test('ask for deletion with the password, sign in again, and cancel from the deletion screen', async ({
    page,
    request,
  }) => {
    const account = await activeAccountThroughApi(request, 'deletion');

    await page.goto('/account/delete');
    await signInOnPage(page, account);
    await expect(page.getByRole('heading', { level: 1, name: 'Delete account' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm with your password' });
    await dialog.getByLabel('Current password').fill('Wrong#Password2026');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    // Every session ended: signed out, on /signin with a notice.
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText(/Your account will be deleted in seven days/)).toBeVisible();
    expect(await page.evaluate("localStorage.getItem('cypher:accessToken')")).toBeNull();

    await signInOnPage(page, account);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is being deleted' })).toBeVisible();
    await expectNoSeriousViolations(page, 'deletion in progress');
    await page.goto('/drops');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is being deleted' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel deletion request' }).click();
    await expect(page.getByText('Deletion cancelled')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Drops' })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`Account menu for ${account.nickname}`) })).toBeVisible();
  });
});
