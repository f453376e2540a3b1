import { z } from 'zod';
import { DEFAULT_BRAND_NAME } from '@cypher/contract';

/**
 * Runtime configuration. The API serves `/app-config.js`, which sets `window.__APP_CONFIG__` before the app's
 * module script runs, so one build serves any brand and any set of analytics keys. This file is the only reader.
 */
export interface AppConfig {
  brandName: string;
  publicUrl: string;
  environment: string;
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

// Empty strings and nulls mean "not configured", the same as absent keys.
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value ? value : undefined));

const ZInjectedConfig = z.object({
  brandName: optionalText,
  publicUrl: optionalText,
  environment: optionalText,
  sentryDsn: optionalText,
  tagManagerId: optionalText,
  gaMeasurementId: optionalText,
  amplitudeApiKey: optionalText,
  apiBaseUrl: optionalText,
});

/** Turns whatever the page was given into a complete config; anything missing or malformed falls back to defaults. */
export function readAppConfig(injected: unknown): AppConfig {
  const parsed = ZInjectedConfig.safeParse(injected ?? {});
  const values = parsed.success ? parsed.data : ZInjectedConfig.parse({});
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    brandName: values.brandName ?? DEFAULT_BRAND_NAME,
    publicUrl: (values.publicUrl ?? origin).replace(/\/$/, ''),
    environment: values.environment ?? 'development',
    sentryDsn: values.sentryDsn,
    tagManagerId: values.tagManagerId,
    gaMeasurementId: values.gaMeasurementId,
    amplitudeApiKey: values.amplitudeApiKey,
    apiBaseUrl: values.apiBaseUrl?.replace(/\/$/, ''),
  };
}

export const appConfig: AppConfig = readAppConfig(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__);
