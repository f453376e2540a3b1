import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import NProgress from 'nprogress';
import { pagePlace } from '../lib/page-place.ts';
import './route-progress.css';

/**
 * Long enough to be seen (and asserted by the browser tests) when a page is already loaded and the change is
 * instant; short enough not to feel slow.
 */
const MIN_VISIBLE_MS = 250;

const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

NProgress.configure({
  showSpinner: false,
  minimum: 0.15,
  trickleSpeed: 160,
  speed: prefersReducedMotion ? 0 : 240,
  // No role="bar" (not a real ARIA role): the bar is decoration, the page change itself is what gets announced.
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/**
 * The thin top bar of spec section 2. It starts when a router navigation starts (a page chunk loading) or when
 * the location changes, and stays at least MIN_VISIBLE_MS before finishing.
 */
export function RouteProgressBar() {
  const navigation = useNavigation();
  const location = useLocation();
  const startedAt = useRef<number | null>(null);
  const finishTimer = useRef<number | undefined>(undefined);
  const isNavigating = useRef(false);
  const previousPlace = useRef(pagePlace(location));

  isNavigating.current = navigation.state !== 'idle';

  useEffect(() => {
    function start() {
      window.clearTimeout(finishTimer.current);
      if (startedAt.current !== null) return;
      startedAt.current = performance.now();
      NProgress.start();
    }

    function finish() {
      if (startedAt.current === null) return;
      const remaining = Math.max(0, MIN_VISIBLE_MS - (performance.now() - startedAt.current));
      window.clearTimeout(finishTimer.current);
      finishTimer.current = window.setTimeout(() => {
        startedAt.current = null;
        NProgress.done();
      }, remaining);
    }

    // Hash-only changes (/terms#privacy) move within a page, and the purchase popup opens over one: neither is a
    // route change (lib/page-place.ts).
    const place = pagePlace(location);
    const hasMoved = place !== previousPlace.current;
    previousPlace.current = place;

    if (isNavigating.current || hasMoved) start();
    if (!isNavigating.current) finish();
  }, [navigation.state, location.pathname, location.search]);

  useEffect(
    () => () => {
      window.clearTimeout(finishTimer.current);
      // A null status stops NProgress's own trickle timer, which would otherwise outlive the bar (and the page).
      NProgress.status = null;
      NProgress.remove();
    },
    [],
  );

  return null;
}
