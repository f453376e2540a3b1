import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config.ts';

/**
 * Content-Security-Policy for the API and the web app it serves. Scripts come only from this origin; the analytics
 * and error-reporting hosts are allowed only when their keys are configured, so an unconfigured install loads
 * nothing from anywhere else.
 */
function contentSecurityPolicy(config: TConfig) {
  const scriptSrc = ["'self'"];
  const connectSrc = ["'self'"];
  const imgSrc = ["'self'", 'data:', 'blob:'];
  const { web } = config;
  if (web.tagManagerId || web.gaMeasurementId) {
    scriptSrc.push('https://www.googletagmanager.com');
    connectSrc.push('https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com');
    imgSrc.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  if (web.amplitudeApiKey) {
    scriptSrc.push('https://cdn.amplitude.com');
    connectSrc.push('https://api2.amplitude.com', 'https://api.amplitude.com');
  }
  if (web.sentryDsn) connectSrc.push(new URL(web.sentryDsn).origin);
  // Images are read from a public bucket when S3_PUBLIC_URL is set (/uploads/ redirects there).
  if (config.bucket?.publicUrl) imgSrc.push(new URL(config.bucket.publicUrl).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc,
    fontSrc: ["'self'", 'data:'],
    connectSrc,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: TConfig) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The web app loads its own images and fonts only, but uploaded artwork may be shown by partner sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: config.isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}
