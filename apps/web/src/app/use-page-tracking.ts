import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView, trackVisit } from '../lib/analytics.ts';
import { pagePlace } from '../lib/page-place.ts';

/**
 * Spec section 7: a page view and a visit on each route change (hash-only moves within a page do not count, nor does
 * the purchase popup's opening or closing: lib/page-place.ts).
 */
export function usePageTracking(): void {
  const place = pagePlace(useLocation());
  useEffect(() => {
    trackPageView(place);
    trackVisit();
  }, [place]);
}
