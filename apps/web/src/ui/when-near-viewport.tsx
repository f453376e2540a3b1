import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenNearViewportProps {
  /** Mounted once the placeholder comes within `rootMargin` of the screen; usually a `lazy` component. */
  children: ReactNode;
  /** Shown until then (and while the lazy code loads): the same size as what replaces it, so nothing moves. */
  placeholder: ReactNode;
  rootMargin?: string;
}

/**
 * Defers what sits far below the fold (a form at the foot of a long page) until the visitor scrolls near it, so
 * its code is not part of the first paint. Without IntersectionObserver it mounts at once.
 */
export function WhenNearViewport({ children, placeholder, rootMargin = '600px' }: WhenNearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setIsNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, rootMargin]);

  if (!isNear) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
