import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIsHydrated } from '../lib/server-render.ts';

interface WhenNearViewportProps {
  /** Mounted once the placeholder comes within `rootMargin` of the screen; usually a `lazy` component. */
  children: ReactNode;
  /** Shown until then (and while the lazy code loads): the same size as what replaces it, so nothing moves. */
  placeholder: ReactNode;
  rootMargin?: string;
}

/**
 * Defers what sits far below the fold (a form at the foot of a long page) until the visitor scrolls near it, so
 * its code is not part of the first paint. Without IntersectionObserver it mounts at once. A page rendered on the
 * server shows the placeholder, and so does its hydration.
 */
export function WhenNearViewport({ children, placeholder, rootMargin = '600px' }: WhenNearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  const isHydrated = useIsHydrated();
  const [hasComeNear, setHasComeNear] = useState(false);
  const isNear = hasComeNear || (isHydrated && typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (isNear || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setHasComeNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, rootMargin]);

  if (!isNear) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
