import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let restricted: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  restricted = await createTestApp({ env: { BLOCKED_COUNTRIES: 'kp, IR' } });
});
afterAll(async () => {
  await t.close();
  await restricted.close();
});

describe('GET /v1/countries', () => {
  it('answers the 249 ISO 3166-1 countries by name, cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/countries' });
    expect(response.statusCode).toBe(200);
    const countries = response.json().data as { code: string; name: string }[];
    expect(countries).toHaveLength(249);
    expect(countries[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(countries).toContainEqual({ code: 'US', name: 'United States' });
    expect(new Set(countries.map((country) => country.code)).size).toBe(249);
    expect(response.headers['cache-control']).toContain('public');
  });
});

describe('country restriction', () => {
  it('answers 499 COUNTRY_RESTRICTED to every API route from a blocked country, whatever the case of the header', async () => {
    for (const [method, url] of [
      ['GET', '/v1/countries'],
      ['POST', '/v1/users/authentications/login'],
      ['GET', '/v2/orders'],
    ] as const) {
      const response = await restricted.app.inject({ method, url, headers: { 'cf-ipcountry': 'kp' } });
      expect(response.statusCode, url).toBe(499);
      expect(response.json()).toEqual({
        code: 'COUNTRY_RESTRICTED',
        message: 'Our service is not available in your country or region.',
      });
      // Refused on arrival, and still with a JSON answer's security headers.
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('lets other countries, requests without the header, and non-API paths through', async () => {
    expect(
      (await restricted.app.inject({ method: 'GET', url: '/v1/countries', headers: { 'cf-ipcountry': 'DE' } }))
        .statusCode,
    ).toBe(200);
    expect((await restricted.app.inject({ method: 'GET', url: '/v1/countries' })).statusCode).toBe(200);
    expect(
      (await restricted.app.inject({ method: 'GET', url: '/uploads/0000.png', headers: { 'cf-ipcountry': 'IR' } }))
        .statusCode,
    ).toBe(404);
  });

  it('is off when no country is configured', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/countries', headers: { 'cf-ipcountry': 'KP' } })).statusCode,
    ).toBe(200);
  });
});
