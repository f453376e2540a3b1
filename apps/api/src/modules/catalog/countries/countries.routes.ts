import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countriesByName, ZCountry, ZData } from '@cypher/contract';

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
