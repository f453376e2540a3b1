import { expect, type Page } from '@playwright/test';

/**
 * The accounts the demo seed makes on an empty database (apps/api/src/db/seed/seed-demo-accounts.ts). Journeys use
 * these where a journey is not about a new account: a sign-up costs a password hash and a verification mail.
 */
export const demoAdmin = { email: 'admin@cypher.local', password: 'Operator#2026' } as const;
export const demoCollector = { email: 'fan@cypher.local', password: 'Collector#2026' } as const;

/** Signs in through the form on the page currently showing it (e.g. after a redirect to /signin). */
export async function signInOnPage(page: Page, account: { email: string; password: string }): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
