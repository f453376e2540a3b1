import type { TOAuthProvider } from '@cypher/contract';
import type { StandInIdentity } from './stand-in-identities.ts';
import type { TAuthorizeQuery } from './stand-in-provider.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const providerNames: Record<TOAuthProvider, string> = { google: 'Google', discord: 'Discord' };

const style = `body{margin:0;font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1}
  main{max-width:480px;margin:48px auto;padding:28px;background:#15151f;border:1px solid #26263a;border-radius:16px}
  h1{font-size:1.3rem;margin:0 0 6px} p{color:#a0a0b0;line-height:1.5;margin:0 0 18px}
  a.identity{display:block;padding:14px 16px;margin-bottom:10px;border-radius:10px;background:#1d1d2b;color:inherit;text-decoration:none;border:1px solid #2e2e45}
  a.identity:hover,a.identity:focus{border-color:#8b7bff} a.identity small{display:block;color:#a0a0b0}
  a.cancel{color:#b3a8ff} .error{color:#ff8a8a}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The stand-in's consent screen: one link per test identity, each returning to the app with a fresh code. */
export function renderAuthorizePage(
  provider: TOAuthProvider,
  request: TAuthorizeQuery,
  identities: StandInIdentity[],
): string {
  const name = providerNames[provider];
  const links = identities
    .map((identity) => {
      const params = new URLSearchParams({ ...request, identity: identity.id });
      const label = provider === 'discord' ? `@${identity.username}` : identity.name;
      return `<a class="identity" href="/dev/oauth/${provider}/approve?${escapeHtml(params.toString())}">
  <strong>${escapeHtml(label)}</strong><small>${escapeHtml(identity.email)}</small></a>`;
    })
    .join('\n');
  const cancel = new URL(request.redirect_uri);
  cancel.searchParams.set('error', 'access_denied');
  cancel.searchParams.set('state', request.state);
  return page(
    `Sign in with ${name} (local stand-in)`,
    `<h1>Sign in with ${name}</h1>
<p>Local stand-in for ${name}: no real account is involved. Pick a test identity to continue to the app.</p>
${links}
<p><a class="cancel" href="${escapeHtml(cancel.toString())}">Cancel</a></p>`,
  );
}

export function renderAuthorizeError(provider: TOAuthProvider, message: string): string {
  return page(
    `${providerNames[provider]} sign-in error`,
    `<h1>This sign-in request was refused</h1><p class="error">${escapeHtml(message)}</p>`,
  );
}
