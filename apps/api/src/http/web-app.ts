import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TConfig } from '../config.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The browser's runtime configuration: what the web app may know, and nothing secret. */
export function webAppConfig(config: TConfig) {
  return {
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    environment: config.environment,
    ...(config.web.sentryDsn ? { sentryDsn: config.web.sentryDsn } : {}),
    ...(config.web.tagManagerId ? { tagManagerId: config.web.tagManagerId } : {}),
    ...(config.web.gaMeasurementId ? { gaMeasurementId: config.web.gaMeasurementId } : {}),
    ...(config.web.amplitudeApiKey ? { amplitudeApiKey: config.web.amplitudeApiKey } : {}),
  };
}

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, `index.html` with the brand filled
 * in, and every non-API path answered with it so the web router can take over. Without a build, the API still runs.
 */
export async function registerWebApp(app: FastifyInstance, config: TConfig) {
  const configScript = `window.__APP_CONFIG__ = ${JSON.stringify(webAppConfig(config)).replace(/</g, '\\u003c')};\n`;
  app.get('/app-config.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app is not built; serving the API only');
    return { sendIndex: null };
  }
  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replaceAll('__BRAND_NAME__', escapeHtml(config.brandName))
    .replaceAll('__PUBLIC_URL__', escapeHtml(config.publicUrl));

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    wildcard: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (response, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  // The static plugin treats `/` as a directory listing (and refuses it), so the home page gets its own route.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return { sendIndex };
}
