import type { listMailboxMessages } from './list-mailbox-messages.ts';

type TMessage = Awaited<ReturnType<typeof listMailboxMessages>>[number];

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Links in a message body become clickable, so a verification link can be followed straight from the page. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function renderMailboxPage(brandName: string, messages: TMessage[], to: string | undefined): string {
  const items = messages
    .map(
      (message) => `<article class="message">
  <header><span class="channel ${message.channel}">${message.channel.toUpperCase()}</span>
  <strong>${escapeHtml(message.subject ?? 'Text message')}</strong></header>
  <p class="meta">To ${escapeHtml(message.to)} · <time datetime="${message.createdAt}">${message.createdAt.replace('T', ' ').slice(0, 19)} UTC</time></p>
  <pre>${linkify(message.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox | ${escapeHtml(brandName)}</title>
<style>
  body{margin:0;font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1}
  main{max-width:860px;margin:0 auto;padding:24px 16px}
  h1{font-size:1.5rem;margin:0 0 4px} p.lead{color:#a0a0b0;margin:0 0 20px}
  form{display:flex;gap:8px;margin-bottom:20px} input{flex:1;padding:10px;border-radius:8px;border:1px solid #33334a;background:#15151f;color:inherit}
  button{padding:10px 16px;border-radius:8px;border:0;background:#8b7bff;color:#0b0b10;font-weight:600}
  .message{background:#15151f;border:1px solid #26263a;border-radius:12px;padding:16px;margin-bottom:12px}
  .message header{display:flex;gap:8px;align-items:center}
  .channel{font-size:.7rem;padding:2px 8px;border-radius:99px;background:#26263a}
  .channel.sms{background:#1f3b2f}.meta{color:#a0a0b0;font-size:.85rem;margin:6px 0}
  pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0} a{color:#b3a8ff}
</style></head>
<body><main>
<h1>Dev mailbox</h1>
<p class="lead">Every email and text message sent outside production, newest first. JSON: <a href="/dev/mailbox/messages">/dev/mailbox/messages?to=</a></p>
<form method="get" action="/dev/mailbox"><label for="to" hidden>Recipient</label>
<input id="to" name="to" placeholder="Filter by email or phone" value="${escapeHtml(to ?? '')}"><button type="submit">Filter</button></form>
${items || '<p>No messages yet. Sign up or ask for a code and it will appear here.</p>'}
</main></body></html>`;
}
