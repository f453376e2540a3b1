import net from 'node:net';
import type { TOAuthProvider } from '@cypher/contract';
import type { TEnvironment } from '../config.ts';
import { bearer, uniqueIp } from './auth-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A test app that also listens on a loopback port, because the OAuth code exchange is real HTTP: the API calls the
 * stand-in provider's token and userinfo endpoints on itself, exactly as it calls Google or Discord. Everything a
 * browser would do still goes through app.inject.
 */
export async function createListeningTestApp(env: TEnvironment = {}): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

/** The path and query of an absolute URL, for app.inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Step 1, as the web does it: ask the API for the provider's authorize URL. */
export async function authorizeUrl(t: TestApp, provider: TOAuthProvider, accessToken?: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/users/authentications/oauth/${provider}`,
    headers: accessToken ? bearer(accessToken) : {},
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 200) throw new Error(`authorize URL failed: ${response.statusCode} ${response.body}`);
  return response.json().data.url;
}

/**
 * Steps 2 and 3, as a person in a browser does them: open the stand-in's page, follow the link of test identity
 * `identity` (0, 1 or 2), and read code and state from the redirect back to the web's callback page.
 */
export async function pickIdentity(t: TestApp, url: string, identity = 0): Promise<{ code: string; state: string }> {
  const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
  if (page.statusCode !== 200) throw new Error(`authorize page failed: ${page.statusCode} ${page.body}`);
  const links = [...page.body.matchAll(/href="(\/dev\/oauth\/[a-z]+\/approve\?[^"]+)"/g)].map((match) =>
    match[1]!.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code))),
  );
  const approve = await t.app.inject({ method: 'GET', url: links[identity]! });
  if (approve.statusCode !== 302) throw new Error(`approve failed: ${approve.statusCode} ${approve.body}`);
  const callback = new URL(String(approve.headers.location));
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! };
}

/** The whole Google round trip up to the callback answer (tokens, a two-factor step, or sign-up consent). */
export async function googleCallback(t: TestApp, identity = 0) {
  const { code, state } = await pickIdentity(t, await authorizeUrl(t, 'google'), identity);
  return t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/oauth/google/callback',
    payload: { code, state },
    remoteAddress: uniqueIp(),
  });
}
