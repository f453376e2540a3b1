import { escapeHtml } from '../../../adapters/mail/email-layout.ts';

/**
 * The page the unsubscribe link of a mail opens: people click it from their mail app, so it answers a readable page
 * rather than JSON. The web app and mail clients' one-click unsubscribe use POST instead.
 */
export function renderUnsubscribePage(brandName: string, outcome: { email: string } | { error: string }): string {
  const body =
    'email' in outcome
      ? `<h1>You are unsubscribed</h1><p>${escapeHtml(outcome.email)} will no longer receive ${escapeHtml(brandName)} news.</p>`
      : `<h1>This link does not work</h1><p>${escapeHtml(outcome.error)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Newsletter | ${escapeHtml(brandName)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1}
main{max-width:480px;margin:64px auto;padding:28px;background:#15151f;border-radius:16px}
h1{font-size:1.3rem;margin:0 0 8px} p{color:#a0a0b0;line-height:1.5} a{color:#b3a8ff}</style></head>
<body><main>${body}<p><a href="/">Back to ${escapeHtml(brandName)}</a></p></main></body></html>`;
}
