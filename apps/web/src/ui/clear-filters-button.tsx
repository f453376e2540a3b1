import { Button, type ButtonProps } from './button.tsx';
import { useFocusAfterRemoval } from './use-focus-after-removal.ts';

/**
 * "Clear filters": clears them, and keeps the keyboard's place. The button goes with the filters it cleared (it shows
 * only while some are set, or in the empty state of a filtered list); the focus then moves to the page's main content,
 * not to the body (useFocusAfterRemoval).
 */
export function ClearFiltersButton({
  onClear,
  children = 'Clear filters',
  ...rest
}: Omit<ButtonProps, 'onClick' | 'ref'> & { onClear: () => void }) {
  const focusAfterRemoval = useFocusAfterRemoval();
  return (
    <Button
      {...rest}
      ref={focusAfterRemoval.ref}
      onClick={() => {
        focusAfterRemoval.markPressed();
        onClear();
      }}
    >
      {children}
    </Button>
  );
}
