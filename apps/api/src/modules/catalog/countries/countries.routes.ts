import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countries, ZCountry, ZData } from '@cypher/contract';

/** Sorted by name once, at start: the list never changes while the process runs. */
const countriesByName = [...countries].sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** GET /v1/countries: the ISO 3166-1 list for country pickers (bank details, addresses). Public and cacheable. */
export function countriesRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/countries',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Every ISO 3166-1 country: code and English name, by name',
          response: { 200: ZData(z.array(ZCountry)) },
        },
      },
      async () => ({ data: countriesByName }),
    );
  };
}
