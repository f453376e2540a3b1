import { afterEach, describe, expect, it } from 'vitest';
import { startAnalytics, trackPageView, trackVisit } from './analytics.ts';

afterEach(() => {
  startAnalytics({});
  for (const script of Array.from(document.scripts)) script.remove();
  delete window.dataLayer;
  delete window.gtag;
});

/** gtag pushes `arguments` objects; turn them into arrays to compare. */
function dataLayerCalls(): unknown[][] {
  return (window.dataLayer ?? [])
    .filter((entry) => typeof entry === 'object' && entry && 'length' in entry)
    .map((entry) => Array.from(entry as ArrayLike<unknown>));
}

describe('analytics', () => {
  it('loads nothing and throws nothing when no key is configured', () => {
    startAnalytics({});
    expect(() => {
      trackPageView('/drops');
      trackVisit();
    }).not.toThrow();
    expect(document.scripts).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads GA4 with the measurement id and queues a page view per route change', () => {
    startAnalytics({ gaMeasurementId: 'G-TEST123' });
    trackPageView('/drops');

    const sources = Array.from(document.scripts).map((script) => script.src);
    expect(sources).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    expect(dataLayerCalls()).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(dataLayerCalls()).toContainEqual([
      'event',
      'page_view',
      expect.objectContaining({ page_path: '/drops', send_to: 'G-TEST123' }),
    ]);
  });

  it('starts the tag manager and Amplitude only for their own keys', () => {
    startAnalytics({ tagManagerId: 'GTM-ABC', amplitudeApiKey: 'amp-key' });
    trackPageView('/brands');

    const sources = Array.from(document.scripts).map((script) => script.src);
    expect(sources).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC',
      'https://cdn.amplitude.com/script/amp-key.js',
    ]);
    expect(window.dataLayer).toContainEqual({ event: 'page_view', page_path: '/brands' });
    expect(window.gtag).toBeUndefined();
  });
});
