import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@cypher/contract';
import type { TConfig } from '../config.ts';

/** OpenAPI 3, generated from the same zod schemas that validate requests: UI at /docs, JSON at /docs/json. */
export async function registerOpenApi(app: FastifyInstance, config: TConfig) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.brandName} API`,
        description: 'Digital collectibles marketplace. Success answers are `{ data }`; failures `{ code, message }`.',
        version: APP_VERSION,
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The site-wide policy (scripts from this origin only) fits Swagger UI, which loads no inline scripts.
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
