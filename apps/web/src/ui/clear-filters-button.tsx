import { useCallback, useRef } from 'react';
import { Button, type ButtonProps } from './button.tsx';

/**
 * "Clear filters": clears them, and keeps the keyboard's place. The button goes with the filters it clears (it shows
 * only while some are set, or in the empty state of a filtered list), and a focused element that leaves the page drops
 * the focus to the body, so the next Tab started again at the skip link above the header. When it goes after being
 * pressed, focus moves to the page's main content instead, where the next Tab reaches the search box, the filters and
 * the results again.
 */
export function ClearFiltersButton({
  onClear,
  children = 'Clear filters',
  ...rest
}: Omit<ButtonProps, 'onClick' | 'ref'> & { onClear: () => void }) {
  const wasPressed = useRef(false);
  // React calls a ref's returned function when the button leaves the page, whenever that is: at once for the filter
  // bar's, once the results have loaded for an empty state's.
  const keepFocusWhenGone = useCallback((button: HTMLButtonElement) => {
    return () => {
      const focused = document.activeElement;
      if (!wasPressed.current || (focused !== button && focused !== document.body)) return;
      setTimeout(() => {
        if (document.activeElement === document.body) document.getElementById('main')?.focus({ preventScroll: true });
      });
    };
  }, []);
  return (
    <Button
      {...rest}
      ref={keepFocusWhenGone}
      onClick={() => {
        wasPressed.current = true;
        onClear();
      }}
    >
      {children}
    </Button>
  );
}
