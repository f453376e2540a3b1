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

/**
 * Scrolls `row` sideways (never the page) so `item` is in full view, clear of the fade on the side where more
 * follows, and the row starts where one of its items starts: centring the item left a word cut in half at the left
 * edge ("es  Add funds  Withdraw"). Only at the row's far end, which the last items need, may the first one be cut.
 * `row` must be the offset parent of its children (position: relative).
 */
export function revealInScroll(row: HTMLElement, item: HTMLElement): void {
  const hidden = row.scrollWidth - row.clientWidth;
  if (hidden <= 0) return;
  const itemEnd = item.offsetLeft + item.offsetWidth;
  const fade = Number.parseFloat(getComputedStyle(row).getPropertyValue('--scroll-fade')) || 0;
  const fadeAfter = itemEnd < row.scrollWidth - 1 ? fade : 0;
  const fits = (left: number) =>
    (left === 0 || item.offsetLeft - left >= fade) && itemEnd - left <= row.clientWidth - fadeAfter;
  // The earliest item start that shows the whole item clear of both fades: as much of what comes before it as fits.
  const start = [...row.children].map((child) => (child as HTMLElement).offsetLeft).find(fits);
  row.scrollLeft = Math.min(start ?? Math.max(0, item.offsetLeft - fade), hidden);
}
