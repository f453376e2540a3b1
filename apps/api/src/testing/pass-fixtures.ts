import { expect } from 'vitest';
import { MINUTE_MS } from '../lib/clock.ts';
import { bearer } from './auth-helpers.ts';
import { insertBrand } from './catalog-fixtures.ts';
import { publishInConsole } from './console-publication.ts';
import type { TestApp } from './test-app.ts';

/**
 * A pass on sale now (from a minute ago for a day), valid for a month, $25.00 with a supply of 5 and no per-person
 * limit unless `overrides` say otherwise, made in the console as a brand would: a draft, then published. Answers its
 * brand and the published pass as the console answers it.
 */
export async function passOnSaleInConsole(t: TestApp, operatorToken: string, overrides: Record<string, unknown> = {}) {
  const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
  const brand = await insertBrand(t.database.db);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/console/passes',
    headers: bearer(operatorToken),
    payload: {
      brandId: brand.id,
      name: 'Season Pass',
      description: 'Early access to every drop this season.',
      imageUrl: '/uploads/season-pass.png',
      benefits: ['Opens round 1 of every drop', 'A holders-only round'],
      supply: 5,
      price: 2_500,
      perPersonLimit: null,
      saleBeginAt: iso(-1),
      saleEndAt: iso(24 * 60),
      validFrom: iso(-1),
      validUntil: iso(30 * 24 * 60),
      ...overrides,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { brand, pass: await publishInConsole(t, operatorToken, 'passes', created.json().data.id) };
}

/**
 * A pass for a race test: $10.00 with the supply and per-person limit asked for, on sale and valid from
 * `beganMinutesAgo` (a minute by default), its sale ending in an hour and its validity in ten; made in the console
 * and published as passOnSaleInConsole makes one. Answers its id.
 */
export async function racePassOnSale(
  t: TestApp,
  operatorToken: string,
  {
    supply,
    perPersonLimit,
    beganMinutesAgo = 1,
  }: { supply: number; perPersonLimit: number | null; beganMinutesAgo?: number },
): Promise<string> {
  const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
  const { pass } = await passOnSaleInConsole(t, operatorToken, {
    name: 'Race Pass',
    description: '',
    imageUrl: '/uploads/race-pass.png',
    benefits: [],
    supply,
    price: 1_000,
    perPersonLimit,
    saleBeginAt: iso(-beganMinutesAgo),
    saleEndAt: iso(60),
    validFrom: iso(-beganMinutesAgo),
    validUntil: iso(600),
  });
  return pass.id;
}
