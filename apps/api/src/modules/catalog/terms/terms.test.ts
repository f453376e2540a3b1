import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsTypes } from '@cypher/contract';
import { newId } from '../../../lib/ids.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { publishBundledTerms } from './publish-bundled-terms.ts';
import { termsDocuments } from './terms.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BRAND_NAME: 'Cypher' } });
  t.clock.set('2026-11-22T00:00:00.000Z');
  await publishBundledTerms(t.database.db, t.clock.now());
  // Publishing again (every start does) changes nothing.
  await publishBundledTerms(t.database.db, t.clock.now());
});
afterAll(() => t.close());

const getTerms = (type: string) => t.app.inject({ method: 'GET', url: `/v1/terms/${type}` });

describe('GET /v1/terms/{type}', () => {
  it.each(termsTypes)('answers %s with its version, effective date and anchored sections', async (type) => {
    const response = await getTerms(type);
    expect(response.statusCode).toBe(200);
    const document = response.json().data;
    expect(document).toMatchObject({ type, version: '2026.1', effectiveAt: '2026-01-15T00:00:00.000Z' });
    expect(document.sections.length).toBeGreaterThanOrEqual(4);
    expect(document.sections[0].id).toBe(type);
    for (const section of document.sections) {
      expect(section.id).toMatch(/^[a-z-]+$/);
      expect(section.body.length).toBeGreaterThan(40);
      expect(section.body).not.toContain('{{brand}}');
    }
  });

  it('names the brand of this install', async () => {
    expect((await getTerms('tos')).json().data.title).toBe('Cypher Terms of Service');
  });

  it('serves the newest version in effect, not one published for later', async () => {
    const sections = [
      { id: 'tos', title: 'Updated agreement', body: 'The updated terms of service, in effect from December.' },
    ];
    await t.database.db.insert(termsDocuments).values({
      id: newId(),
      type: 'tos',
      version: '2026.2',
      title: 'Terms of Service',
      effectiveAt: new Date('2026-12-01T00:00:00.000Z'),
      sections,
      createdAt: t.clock.now(),
    });
    expect((await getTerms('tos')).json().data.version).toBe('2026.1');
    t.clock.set('2026-12-01T00:00:00.000Z');
    expect((await getTerms('tos')).json().data).toMatchObject({ version: '2026.2', sections });
  });

  it('answers 404 for an unknown type', async () => {
    const response = await getTerms('refunds');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
