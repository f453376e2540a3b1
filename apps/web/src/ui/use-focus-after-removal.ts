import { useCallback, useRef } from 'react';

/**
 * For a button that leaves the page once pressed (Clear filters goes with the filters it cleared, the heart of a
 * favorite that can only be taken back goes with it): a focused element that leaves the page drops the focus to the
 * body, and the next Tab starts again at the skip link above the header. When such a button goes after being pressed,
 * focus moves to the page's main content instead, where the next Tab goes on from the top of the page's own content.
 *
 * `ref` goes on the button (React calls its returned function when the button leaves the page, whenever that is: at
 * once, or once what the press asked for has loaded); `markPressed` in its click handler.
 */
export function useFocusAfterRemoval<T extends HTMLElement = HTMLButtonElement>() {
  const wasPressed = useRef(false);
  const ref = useCallback((button: T | null) => {
    return () => {
      const focused = document.activeElement;
      if (!wasPressed.current || (focused !== button && focused !== document.body)) return;
      setTimeout(() => {
        if (document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
      });
    };
  }, []);
  const markPressed = useCallback(() => {
    wasPressed.current = true;
  }, []);
  return { ref, markPressed };
}
