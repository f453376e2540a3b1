import { useCallback } from 'react';
import styles from './scroll-edges.module.css';

/** For the element the ref goes on: the fade (and, with `withScrollbar`, a thin visible scrollbar). */
export function scrollEdgesClassName({ withScrollbar = false }: { withScrollbar?: boolean } = {}): string {
  return withScrollbar ? `${styles.edges} ${styles.scrollbar}` : (styles.edges ?? '');
}

function mark(element: HTMLElement, name: string, isOn: boolean) {
  if (isOn) element.setAttribute(name, '');
  else element.removeAttribute(name);
}

/**
 * A ref for an element that scrolls sideways: marks `data-more-start` / `data-more-end` while content is hidden on
 * that side, as it scrolls and as it or its content changes size (a table's rows arrive, the screen turns). It writes
 * the attributes itself rather than through state, so scrolling does not render anything again.
 */
export function useScrollEdges<T extends HTMLElement>() {
  return useCallback((element: T | null) => {
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      mark(element, 'data-more-start', hidden > 1 && element.scrollLeft > 1);
      mark(element, 'data-more-end', hidden > 1 && element.scrollLeft < hidden - 1);
    };
    element.addEventListener('scroll', update, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    const watchChildren = () => {
      for (const child of element.children) resizes?.observe(child);
      update();
    };
    resizes?.observe(element);
    watchChildren();
    // What scrolls may be swapped (a skeleton for the table): its replacement's width counts too.
    const swaps = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(watchChildren);
    swaps?.observe(element, { childList: true });
    return () => {
      element.removeEventListener('scroll', update);
      resizes?.disconnect();
      swaps?.disconnect();
    };
  }, []);
}
