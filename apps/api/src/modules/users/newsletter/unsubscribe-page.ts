import { escapeHtml } from '../../../adapters/mail/email-layout.ts';
import { newsletterPage } from './newsletter-page.ts';

/**
 * The page the unsubscribe link of a mail opens: people click it from their mail app, so it answers a readable page
 * rather than JSON. The web app and mail clients' one-click unsubscribe use POST instead.
 */
export function renderUnsubscribePage(brandName: string, outcome: { email: string } | { error: string }): string {
  const body =
    'email' in outcome
      ? `<h1>You are unsubscribed</h1><p>${escapeHtml(outcome.email)} will no longer receive ${escapeHtml(brandName)} news.</p>`
      : `<h1>This link does not work</h1><p>${escapeHtml(outcome.error)}</p>`;
  return newsletterPage(brandName, body);
}
