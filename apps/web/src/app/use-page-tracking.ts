import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView, trackVisit } from '../lib/analytics.ts';

/** Spec section 7: a page view and a visit on each route change (hash-only moves within a page do not count). */
export function usePageTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
    trackVisit();
  }, [pathname, search]);
}
