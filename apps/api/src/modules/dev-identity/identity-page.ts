import { page } from '../dev-payments/checkout-page.ts';

export const sandboxIdentityOutcomes = {
  verified: 'Verified',
  document_unreadable: 'Failed (document unreadable)',
  name_mismatch: 'Failed (name mismatch)',
} as const;
export type TSandboxIdentityOutcome = keyof typeof sandboxIdentityOutcomes;

/**
 * The identity sandbox's hosted page: "Upload your ID" as a provider would ask it, and the outcome the tester wants
 * the provider to report. Nothing is uploaded: the file field is there to look the part and has no name.
 */
export function renderIdentityPage(reference: string, error?: string): string {
  const action = `/dev/identity/${encodeURIComponent(reference)}`;
  const buttons = Object.entries(sandboxIdentityOutcomes)
    .map(([outcome, label]) => `<button type="submit" name="outcome" value="${outcome}">${label}</button><p></p>`)
    .join('\n');
  return page(
    'Upload your ID (sandbox)',
    `<h1>Upload your ID</h1>
<p>Sandbox identity check. A photo of a passport, driving licence or national ID card is what a real provider asks
for; here nothing is uploaded or kept. Pick what the provider reports.</p>
${error ? `<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="${action}">
<label>ID document (optional in the sandbox)<input type="file" accept="image/*,application/pdf"></label>
${buttons}
</form>`,
  );
}

export function renderClosedIdentityPage(): string {
  return page(
    'Identity check closed',
    '<h1>This identity check is no longer open</h1><p>Start again from the Withdraw tab of your wallet.</p>',
  );
}
