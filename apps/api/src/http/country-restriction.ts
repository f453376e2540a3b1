import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConfig } from '../config.ts';
import { AppError } from './app-error.ts';

const RESTRICTED_PREFIXES = ['/v1/', '/v2/'];

/**
 * Answers 499 COUNTRY_RESTRICTED (spec section 8) to every API call from a country listed in BLOCKED_COUNTRIES. The
 * country comes from the edge in front of the API (Cloudflare's `cf-ipcountry` by default), which sets it from the
 * connecting address and overwrites whatever a client sent; without such an edge the header proves nothing, which
 * is why the list is empty unless configured. Runs on arrival, so a refused request is never parsed.
 */
export function registerCountryRestriction(app: FastifyInstance, settings: TConfig['countryRestriction']) {
  if (settings.blockedCountries.length === 0) return;
  app.addHook('onRequest', async (request) => {
    if (!RESTRICTED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (isRestrictedCountry(request, settings)) throw new AppError('COUNTRY_RESTRICTED');
  });
}

/** Whether the request comes from a blocked country (also asked by the server's render, which reads for a page). */
export function isRestrictedCountry(request: FastifyRequest, settings: TConfig['countryRestriction']): boolean {
  if (settings.blockedCountries.length === 0) return false;
  const header = request.headers[settings.header];
  const country = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  return Boolean(country && settings.blockedCountries.includes(country));
}
