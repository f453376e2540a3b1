import type { AppConfig } from '../config.ts';
import { loadScript } from './load-script.ts';

/**
 * Spec section 7: a tag manager and two analytics services, each started only when its key is configured, with a
 * page view and a visit recorded on every route change. With no keys nothing loads and every call is a no-op.
 */
interface AmplitudeGlobal {
  init(apiKey: string, options?: Record<string, unknown>): unknown;
  track(eventType: string, eventProperties?: Record<string, unknown>): unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    amplitude?: AmplitudeGlobal;
  }
}

interface Tracker {
  pageView(path: string): void;
  visit(): void;
}

let trackers: Tracker[] = [];

function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

function startTagManager(containerId: string): Tracker {
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`);
  return {
    pageView: (path) => dataLayer().push({ event: 'page_view', page_path: path }),
    visit: () => dataLayer().push({ event: 'visit' }),
  };
}

function startGoogleAnalytics(measurementId: string): Tracker {
  const queue = dataLayer();
  // gtag.js only reads `arguments` objects from the data layer, not arrays, so this cannot use rest parameters.
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    queue.push(arguments);
  };
  const gtag = window.gtag;
  gtag('js', new Date());
  // Page views are sent by hand on each route change; the automatic one would double-count the first.
  gtag('config', measurementId, { send_page_view: false });
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  return {
    pageView: (path) =>
      gtag('event', 'page_view', { page_path: path, page_location: window.location.href, send_to: measurementId }),
    visit: () => {},
  };
}

function startAmplitude(apiKey: string): Tracker {
  // Events before the SDK arrives wait here and are replayed once it has been initialised.
  const waiting: Array<[string, Record<string, unknown>]> = [];
  let sdk: AmplitudeGlobal | undefined;
  const track = (event: string, properties: Record<string, unknown>) => {
    if (sdk) sdk.track(event, properties);
    else if (waiting.length < 50) waiting.push([event, properties]);
  };
  loadScript(`https://cdn.amplitude.com/script/${encodeURIComponent(apiKey)}.js`, () => {
    if (!window.amplitude) return;
    sdk = window.amplitude;
    sdk.init(apiKey, { autocapture: { pageViews: false } });
    for (const [event, properties] of waiting.splice(0)) sdk.track(event, properties);
  });
  return {
    pageView: (path) => track('Page Viewed', { path }),
    visit: () => track('Visit', { path: window.location.pathname }),
  };
}

export function startAnalytics(config: Pick<AppConfig, 'tagManagerId' | 'gaMeasurementId' | 'amplitudeApiKey'>) {
  trackers = [];
  if (config.tagManagerId) trackers.push(startTagManager(config.tagManagerId));
  if (config.gaMeasurementId) trackers.push(startGoogleAnalytics(config.gaMeasurementId));
  if (config.amplitudeApiKey) trackers.push(startAmplitude(config.amplitudeApiKey));
}

function eachTracker(send: (tracker: Tracker) => void): void {
  for (const tracker of trackers) {
    try {
      send(tracker);
    } catch {
      // A broken analytics vendor must not break navigation.
    }
  }
}

export function trackPageView(path: string): void {
  eachTracker((tracker) => tracker.pageView(path));
}

export function trackVisit(): void {
  eachTracker((tracker) => tracker.visit());
}
