/*
 * Used by: newsletter.routes.ts (GET and POST /v1/subscribe/confirm for a browser) · Reads and writes no table · Tests:
 * newsletter.test.ts. Decision record 46.
 */
import { escapeHtml } from '../../../adapters/mail/email-layout.ts';
import { newsletterPage } from './newsletter-page.ts';

/** Where "Subscribe again" leads: the sign-up box at the foot of the home page. */
const SUBSCRIBE_AGAIN_PATH = '/#newsletter-heading';

export type TConfirmationPageState =
  | { state: 'ready'; email: string; token: string }
  | { state: 'confirmed'; email: string }
  | { state: 'expired' }
  | { state: 'invalid' };

/**
 * The page the confirmation mail's link opens. Opening it changes nothing: mail scanners fetch links before people
 * do, so the page asks for a press of Confirm, a form POST to /v1/subscribe/confirm that answers this page again
 * with the outcome. Works without script.
 */
export function renderConfirmationPage(brandName: string, page: TConfirmationPageState): string {
  const brand = escapeHtml(brandName);
  switch (page.state) {
    case 'ready':
      return newsletterPage(
        brandName,
        `<h1>Confirm your subscription</h1>
<p>Press Confirm to receive ${brand} news at <strong>${escapeHtml(page.email)}</strong>. Every email has a link to unsubscribe.</p>
<form method="post" action="/v1/subscribe/confirm"><input type="hidden" name="token" value="${escapeHtml(page.token)}"><button type="submit">Confirm</button></form>`,
      );
    case 'confirmed':
      return newsletterPage(
        brandName,
        `<h1>You are subscribed</h1>
<p><strong>${escapeHtml(page.email)}</strong> will receive ${brand} news: new drops, passes and events first. The welcome email has a link to unsubscribe whenever you like.</p>`,
      );
    case 'expired':
      return newsletterPage(
        brandName,
        `<h1>This link has expired</h1>
<p>Confirmation links work for 7 days. Subscribe again and we will send you a new one.</p>
<p><a class="button" href="${SUBSCRIBE_AGAIN_PATH}">Subscribe again</a></p>`,
      );
    case 'invalid':
      return newsletterPage(
        brandName,
        `<h1>This link does not work</h1>
<p>This confirmation link is not valid. Please use the link in the latest email we sent you, or subscribe again.</p>`,
      );
  }
}
