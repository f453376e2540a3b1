/*
 * Used by: confirmation-page.ts, unsubscribe-page.ts · Reads and writes no table · Tests: newsletter.test.ts.
 */
import { escapeHtml } from '../../../adapters/mail/email-layout.ts';
import { houseColourProperties } from '../../../adapters/mail/house-colours.ts';

/**
 * The one look of the pages a newsletter mail's links open (confirm, unsubscribe): people click them from their mail
 * app, so they answer a small readable page rather than JSON or the whole web app. `bodyHtml` is escaped by the caller.
 */
export function newsletterPage(brandName: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Newsletter | ${escapeHtml(brandName)}</title>
<style>:root{${houseColourProperties('dark')}}
@media (prefers-color-scheme:light){:root{${houseColourProperties('light')}}}
body{margin:0;font-family:system-ui,sans-serif;background:var(--bg);color:var(--text)}
main{max-width:480px;margin:64px auto;padding:28px;background:var(--surface);border:1px solid var(--border);border-radius:16px}
@media (max-width:540px){main{margin:24px 16px;padding:22px}}
h1{font-size:1.3rem;margin:0 0 8px} p{color:var(--text-muted);line-height:1.5} a{color:var(--accent)} strong{color:var(--text);overflow-wrap:anywhere}
button,.button{display:inline-block;box-sizing:border-box;min-height:48px;padding:12px 24px;border:0;border-radius:999px;
background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
:focus-visible{outline:2px solid var(--focus-ring);outline-offset:2px}</style></head>
<body><main>${bodyHtml}<p><a href="/">Back to ${escapeHtml(brandName)}</a></p></main></body></html>`;
}
