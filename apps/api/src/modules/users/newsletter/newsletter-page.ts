/*
 * Used by: confirmation-page.ts, unsubscribe-page.ts · Reads and writes no table · Tests: newsletter.test.ts.
 */
import { escapeHtml } from '../../../adapters/mail/email-layout.ts';

/**
 * The one look of the pages a newsletter mail's links open (confirm, unsubscribe): people click them from their mail
 * app, so they answer a small readable page rather than JSON or the whole web app. `bodyHtml` is escaped by the caller.
 */
export function newsletterPage(brandName: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Newsletter | ${escapeHtml(brandName)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1}
main{max-width:480px;margin:64px auto;padding:28px;background:#15151f;border-radius:16px}
@media (max-width:540px){main{margin:24px 16px;padding:22px}}
h1{font-size:1.3rem;margin:0 0 8px} p{color:#a0a0b0;line-height:1.5} a{color:#b3a8ff} strong{color:#ececf1;overflow-wrap:anywhere}
button,.button{display:inline-block;box-sizing:border-box;min-height:48px;padding:12px 24px;border:0;border-radius:999px;
background:#8b7bff;color:#0b0b10;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:focus-visible,.button:focus-visible{outline:2px solid #ececf1;outline-offset:2px}</style></head>
<body><main>${bodyHtml}<p><a href="/">Back to ${escapeHtml(brandName)}</a></p></main></body></html>`;
}
