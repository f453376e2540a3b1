import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
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

/** The guards a route may run on arrival, by what they ask of the caller. */
export interface TSignInGuards {
  /** A valid access token is required (requireAuth, requireVerified, the console's). */
  required: readonly unknown[];
  /** A token is read when sent (optionalAuth). */
  optional: readonly unknown[];
}

/**
 * Writes into each operation of the OpenAPI document whether it needs a bearer token, from the guard the route
 * actually runs (`onRequest`), so the document cannot say otherwise than the code: required for requireAuth and its
 * kin and for every console route (guarded once for their prefix), optional (`[{}, { bearer: [] }]`) for optionalAuth.
 * A route that states its own `security` keeps it. Added before the routes, as Fastify's onRoute hooks must be.
 */
export function documentSignIn(app: FastifyInstance, guards: TSignInGuards) {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide || route.schema.security) return;
    const onArrival = [route.onRequest].flat().filter(Boolean) as onRequestHookHandler[];
    const isRequired = route.url.startsWith('/v1/console/') || onArrival.some((hook) => guards.required.includes(hook));
    const isOptional = onArrival.some((hook) => guards.optional.includes(hook));
    if (isRequired) route.schema = { ...route.schema, security: [{ bearer: [] }] };
    else if (isOptional) route.schema = { ...route.schema, security: [{}, { bearer: [] }] };
  });
}
