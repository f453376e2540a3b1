import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, insertCollection, insertLicense } from '../testing/catalog-fixtures.ts';
import { signUpOperator } from '../testing/operator-helpers.ts';
import { insertRaffleRound } from '../testing/raffle-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PUBLIC_URL = 'http://localhost:3000';
const host = 'localhost:3000';
// Larger than the 1 KB below which nothing is compressed.
const script = `export const words = ${JSON.stringify('collectible '.repeat(400))};\n`;

/** A built web app as Vite leaves it: index.html with its tokens, and a hashed asset with its precompressed copies. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>__BRAND_NAME__</title><link rel="canonical" href="__PUBLIC_URL__/" />` +
      `<meta property="og:url" content="__PUBLIC_URL__/" /></head>` +
      `<body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets/app-Abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/app-Abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/app-Abc123.js.gz'), zlib.gzipSync(script));
  return dir;
}

describe('the web app on the API port', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = fakeWebBuild();
    // Public answers kept in memory, as in production: one kept answer is sent to each client in its own encoding.
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL, PUBLIC_RESPONSE_CACHE_MS: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('gives the web app its configuration before its script runs, the CYP unit included', async () => {
    const script = await get('/app-config.js');
    expect(script.headers['content-type']).toContain('text/javascript');
    const injected = JSON.parse(/^window\.__APP_CONFIG__ = (.*);\n$/.exec(script.body)![1]!);
    expect(injected).toMatchObject({ publicUrl: PUBLIC_URL, cypMinorUnits: 2 });
  });

  it('answers every address of the route table with the web app, whatever the case or a trailing slash', async () => {
    for (const url of [
      '/',
      '/drops',
      '/drops/',
      '/drops/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      '/Products',
      '/brands/artist/x?tab=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<title>Cypher</title>');
    }
  });

  // Review of session 33: every page the browser renders carried the home page's canonical link in its HTML.
  it('names the page asked for, in the route table’s spelling, as the canonical address of the shell it sends', async () => {
    for (const [url, canonical] of [
      ['/', '/'],
      ['/guide', '/guide'],
      ['/DROPS/?tab=packs', '/drops'],
      ['/brands/artist/x/', '/brands/artist/x'],
    ]) {
      const response = await get(url!);
      expect(response.body, url).toContain(`<link rel="canonical" href="${PUBLIC_URL}${canonical}" />`);
      expect(response.body, url).toContain(`<meta property="og:url" content="${PUBLIC_URL}${canonical}" />`);
    }
  });

  it('answers an unknown address with HTTP 404 and the web app, which shows its not-found page', async () => {
    for (const url of ['/no-such-page', '/drops/1/2/3', '/index.html', '/assets/gone-Xyz789.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
    }
    // The API's own unknown addresses keep their JSON answer, whatever their length: one past the file system's 4,096
    // characters had the web app's files answer 403 FORBIDDEN.
    const unknown = await get('/v1/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'We could not find what you were looking for.' });
    // An id past the router's 100 characters is 414, as the API alone answers it (error-handler.test.ts): the web
    // app's catch-all took it first and answered 404.
    for (const url of [
      `/v1/editions/${'a'.repeat(101)}`,
      `/v1/editions/${'a'.repeat(101)}/`,
      `/v1/editions/${'a'.repeat(5_000)}`,
      `/v1/editions/${'a'.repeat(20_000)}`,
    ]) {
      const api = await get(url);
      expect(api.statusCode, url.slice(0, 20)).toBe(414);
      expect(api.json()).toEqual({ code: 'URI_TOO_LONG', message: 'The address is too long.' });
    }
    // A file the docs do not have is not found, whatever its method (it was 414, and 405 for a HEAD).
    for (const method of ['GET', 'HEAD'] as const) {
      const missing = await t.app.inject({ method, url: '/docs/static/nope.css', headers: { host } });
      expect(missing.statusCode, method).toBe(404);
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/v1/users/my', headers: { host } });
    expect(wrongMethod.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  // Session 79's hunt: an address joined with a slash too many answered a bare JSON 403 from the file server.
  it('sends an address with a run of slashes to the one it meant, on this host', async () => {
    for (const [url, meant] of [
      ['//drops', '/drops'],
      ['/drops//', '/drops/'],
      ['//evil.example/x?a=1', '/evil.example/x?a=1'],
      ['/assets//app.js', '/assets/app.js'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(meant);
    }
    // A backslash is a slash to a browser: `/\evil.example` would be another site (the review of session 79). Sent
    // over a real socket, as a browser would: the test client rewrites it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const [raw, meant] of [
      ['//\\evil.example', '/evil.example'],
      ['/\\evil.example/x', '/evil.example/x'],
    ]) {
      const location = await new Promise<string | undefined>((resolve, reject) => {
        const { hostname, port } = new URL(address);
        // The path as it is: a URL would read the backslashes as slashes before sending.
        http
          .get({ hostname, port, path: raw, headers: { host } }, (response) => {
            response.resume();
            resolve(response.headers.location);
          })
          .on('error', reject);
      });
      expect(location, raw).toBe(meant);
    }
  });

  // Session 34's note: a page the browser draws went out as a 200 whatever its address named (a soft 404), so a
  // search engine listed "not found" screens as pages.
  it('answers a page whose one subject does not exist with HTTP 404 and noindex, and the page itself for one that does', async () => {
    const brand = await insertBrand(t.database.db);
    const license = await insertLicense(t.database.db, brand.id);
    const collection = await insertCollection(t.database.db, brand.id, { licenseId: license.id });
    const draft = await insertCollection(t.database.db, brand.id, { status: 'DRAFT' });
    const missing = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    for (const url of [
      `/collections/${collection.id}`,
      `/licenses/${license.id}/`,
      `/Collections/${collection.id}?tab=1`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('noindex');
    }
    for (const url of [
      `/collections/${missing}`,
      `/collections/${draft.id}`,
      `/collections/not-an-id/`,
      `/licenses/${missing}`,
      `/pass/${missing}`,
      `/fusions/${missing}`,
      `/fusions/${missing}/slots`,
      `/products/nfts/${missing}`,
      `/users/${missing}`,
      `/drops/${missing}/provenance`,
      `/drops/${missing}/raffle/${missing}`,
      `/drops/${missing}/raffle/not-a-round`,
      `/collections/${collection.id}/figure_base/${missing}/editions`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
      expect(response.body, url).toContain('<div id="root"></div>');
      // Named by its own address, not the home page's (session 70's hunt).
      expect(response.body, url).not.toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    }
  });

  // Session 35's note: a raffle round's page answered under any drop's address.
  it("answers a raffle round's page under its own drop, and 404 with noindex under another's", async () => {
    const { accessToken } = await signUpOperator(t, 'admin');
    const raffle = await insertRaffleRound(t, accessToken);
    const other = await insertRaffleRound(t, accessToken);
    const own = await get(`/drops/${raffle.dropId}/raffle/${raffle.roundId}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('noindex');
    for (const url of [
      `/drops/${other.dropId}/raffle/${raffle.roundId}`,
      `/drops/not-a-drop/raffle/${raffle.roundId}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('compresses pages and JSON with brotli or gzip when the browser accepts it', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Cypher</title>');

    const json = await get('/docs/json', { 'accept-encoding': 'gzip' });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(json.rawPayload).toString())).toHaveProperty('openapi');

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('keeps a public answer once and sends it in the encoding each client accepts', async () => {
    // Enough brands for an answer above the 1 KB below which nothing is compressed.
    for (let i = 0; i < 6; i += 1) await insertBrand(t.database.db);
    const url = '/v1/brands?size=100&q=';
    const brotli = await get(url, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString());
    // The same answer again, now from memory: plain for a client that asks for no encoding, gzip for another.
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(body);
    expect(new Set([brotli.headers.etag, plain.headers.etag, gzip.headers.etag]).size).toBe(1);
  });

  it('compresses a deep link’s page and a 404 page too', async () => {
    for (const url of ['/drops/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', '/no-such-page']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root"></div>');
    }
  });

  it('sends hashed assets precompressed from the build and cached for a year', async () => {
    const brotli = await get('/assets/app-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets/app-Abc123.js.br')))).toBe(true);

    const gzip = await get('/assets/app-Abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a page asked for at another host to PUBLIC_URL, and answers the API wherever it is asked', async () => {
    const page = await get('/drops?tab=upcoming', { host: '127.0.0.1:3000' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${PUBLIC_URL}/drops?tab=upcoming`);
    const unknown = await get('/nowhere', { host: '127.0.0.1:3000' });
    expect(unknown.headers.location).toBe(`${PUBLIC_URL}/nowhere`);

    const api = await get('/v1/health', { host: '127.0.0.1:3000' });
    expect(api.statusCode).toBe(200);
  });
});
