import type { TestApp } from './test-app.ts';
import { bearer } from './auth-helpers.ts';
import type { TSandboxIdentityOutcome } from '../modules/dev-identity/identity-page.ts';

/**
 * Verifies a person's identity the way the browser journey does: start an attempt (POST /v1/identity-verifications),
 * then pick the outcome on the sandbox's hosted page, which signs and delivers the webhook to our own route.
 * Returns the attempt's id.
 */
export async function verifyIdentityForTest(
  t: TestApp,
  accessToken: string,
  outcome: TSandboxIdentityOutcome = 'verified',
): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/v1/identity-verifications',
    headers: bearer(accessToken),
  });
  if (started.statusCode !== 201 && started.statusCode !== 200) {
    throw new Error(`identity verification start failed: ${started.statusCode} ${started.body}`);
  }
  const { id, verificationUrl } = started.json().data as { id: string; verificationUrl: string | null };
  if (!verificationUrl) throw new Error(`no verification page: ${started.body}`);
  const chosen = await t.app.inject({
    method: 'POST',
    url: new URL(verificationUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome }).toString(),
  });
  if (chosen.statusCode !== 303) throw new Error(`sandbox identity page failed: ${chosen.statusCode} ${chosen.body}`);
  return id;
}
