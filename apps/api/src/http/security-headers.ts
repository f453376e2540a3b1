import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
    connectSrc.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
    imgSrc.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  if (web.amplitudeApiKey) {
    scriptSrc.push('https://cdn.amplitude.com');
    connectSrc.push('https://api2.amplitude.com', 'https://api.amplitude.com');
  }
  if (web.sentryDsn) connectSrc.push(new URL(web.sentryDsn).origin);
  const mediaSrc = ["'self'"];
  // Images and products' videos are read from a public bucket when S3_PUBLIC_URL is set (/uploads/ redirects there).
  if (config.bucket?.publicUrl) {
    imgSrc.push(new URL(config.bucket.publicUrl).origin);
    mediaSrc.push(new URL(config.bucket.publicUrl).origin);
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc,
    mediaSrc,
    fontSrc: ["'self'", 'data:'],
    connectSrc,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}

/**
 * The headers helmet writes for these options, worked out once. They depend on the configuration alone (no directive
 * is a function of the request), and building helmet's middleware parses every directive again: the Fastify plugin did
 * that on each request, about a twentieth of an instance's CPU in a drop rush (a CPU profile of the `purchase` bench).
 */
function securityHeadersFor(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return [...headers];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API route may answer an HTML page (a mail link's page), so it gets the pages' security headers. */
    answersPages?: boolean;
  }
}

const API_ANSWER_PREFIXES = ['/v1/', '/v2/'];

/**
 * What a JSON answer needs of the headers above (OWASP's REST Security Cheat Sheet): nothing in it may load or run
 * (`default-src 'none'`), be framed, be sniffed as another type or be read by another site. The pages' policy, the
 * opener and cluster isolation and the legacy headers say nothing about a JSON answer, and every API answer carried
 * their 600 bytes, written by an instance and read by nginx and the client on each purchase of a drop rush.
 */
const API_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Helmet's security headers and our Content-Security-Policy on pages and files; on the API's JSON answers (/v1/ and
 * /v2/, errors included) the few that apply to one. A /v1/ route that may answer a page says so (`answersPages`).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: TConfig): void {
  const hsts = config.isProduction ? { maxAge: 15552000, includeSubDomains: true } : false;
  const pageHeaders = securityHeadersFor({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The web app loads its own images and fonts only, but uploaded artwork may be shown by partner sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts,
  });
  const apiHeaders = securityHeadersFor({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    hsts,
  });
  apiHeaders.unshift(['Content-Security-Policy', API_ANSWER_CSP]);
  const setHeaders = (headers: [string, string][], reply: FastifyReply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  };
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(API_ANSWER_PREFIXES.some((prefix) => request.url.startsWith(prefix)) ? apiHeaders : pageHeaders, reply);
    done();
  });
  // A route that may answer a page puts the pages' set back, after the hook above (a route's own hooks run after the
  // app's): decided once per route here, not by reading each request's route options on the hot path.
  app.addHook('onRoute', (route) => {
    if (!route.config?.answersPages) return;
    const pageHook: onRequestHookHandler = (_request, reply, done) => {
      setHeaders(pageHeaders, reply);
      done();
    };
    route.onRequest = [pageHook, ...[route.onRequest ?? []].flat()];
  });
}
