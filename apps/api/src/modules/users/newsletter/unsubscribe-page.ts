import { escapeHtml } from '../../../adapters/mail/email-layout.ts';
import { newsletterPage } from './newsletter-page.ts';

export type TUnsubscribePageState =
  | { state: 'ready'; email: string; token: string; isPending: boolean }
  | { state: 'unsubscribed'; email: string }
  | { state: 'invalid' };

/**
 * The page the unsubscribe link of a mail opens. Opening it changes nothing: mail scanners fetch links before people
 * do, and one must not take anybody off the list, so the page asks for a press of Unsubscribe, a form POST to
 * /v1/subscribe/unsubscribe that answers this page again with the outcome. Works without script. Mail apps' own
 * Unsubscribe button posts to the same address (List-Unsubscribe-Post, RFC 8058).
 */
export function renderUnsubscribePage(brandName: string, page: TUnsubscribePageState): string {
  const brand = escapeHtml(brandName);
  switch (page.state) {
    case 'ready':
      return newsletterPage(
        brandName,
        `<h1>Unsubscribe from ${brand} news?</h1>
<p>${
          page.isPending
            ? `<strong>${escapeHtml(page.email)}</strong> is not on our list: someone asked for it again since you left, and a confirmation is waiting there. Unsubscribing calls it off.`
            : `<strong>${escapeHtml(page.email)}</strong> will no longer receive our newsletter. Mail about your account and purchases still comes.`
        }</p>
<form method="post" action="/v1/subscribe/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(page.token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    case 'unsubscribed':
      return newsletterPage(
        brandName,
        `<h1>You are unsubscribed</h1><p><strong>${escapeHtml(page.email)}</strong> will no longer receive ${brand} news.</p>`,
      );
    case 'invalid':
      return newsletterPage(
        brandName,
        '<h1>This link does not work</h1><p>This unsubscribe link is not valid. Please use the link in the latest email we sent you.</p>',
      );
  }
}
