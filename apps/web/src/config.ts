import { DEFAULT_BRAND_NAME, DEFAULT_CYP_MINOR_UNITS } from '@cypher/contract';

/**
 * Runtime configuration. The API serves `/app-config.js`, which sets `window.__APP_CONFIG__` before the app's
 * module script runs, so one build serves any brand and any set of analytics keys. This file is the only reader.
 */
export interface AppConfig {
  brandName: string;
  publicUrl: string;
  environment: string;
  /** Decimals of one CYP (CYP_MINOR_UNITS), for CYP prices shown to anyone, signed in or not. */
  cypMinorUnits: number;
  sentryDsn?: string;
  tagManagerId?: string;
  gaMeasurementId?: string;
  amplitudeApiKey?: string;
  /** Origin of the API when it is not this page's origin; empty means same origin. */
  apiBaseUrl?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

/** Empty strings, nulls and anything that is not a string mean "not configured", the same as absent keys. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A unit's decimals as the API allows them (0 to 6); anything else means "not configured". */
function decimalsOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6 ? value : undefined;
}

/**
 * Turns whatever the page was given into a complete config; anything missing or malformed falls back to defaults.
 * Read by hand rather than with zod: this runs before the first paint of every page, which does not load zod.
 */
export function readAppConfig(injected: unknown): AppConfig {
  const values: Record<string, unknown> = injected && typeof injected === 'object' ? { ...injected } : {};
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    brandName: text(values.brandName) ?? DEFAULT_BRAND_NAME,
    publicUrl: (text(values.publicUrl) ?? origin).replace(/\/$/, ''),
    environment: text(values.environment) ?? 'development',
    cypMinorUnits: decimalsOf(values.cypMinorUnits) ?? DEFAULT_CYP_MINOR_UNITS,
    sentryDsn: text(values.sentryDsn),
    tagManagerId: text(values.tagManagerId),
    gaMeasurementId: text(values.gaMeasurementId),
    amplitudeApiKey: text(values.amplitudeApiKey),
    apiBaseUrl: text(values.apiBaseUrl)?.replace(/\/$/, ''),
  };
}

export const appConfig: AppConfig = readAppConfig(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__);
