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
