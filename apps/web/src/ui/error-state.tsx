import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { useFocusAfterRemoval } from './use-focus-after-removal.ts';

interface ErrorStateProps {
  /** What could not be shown, e.g. "We could not load the products". */
  title: ReactNode;
  /** The failure; its message (from the error catalogue) is shown under the title. */
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  titleAs?: 'h1' | 'h2' | 'h3';
}

/** DESIGN.md: every list has an error state with a retry. Says what failed, why (when known), and offers to try again. */
export function ErrorState({ title, error, onRetry, isRetrying, titleAs }: ErrorStateProps) {
  const message = error instanceof Error && error.message ? error.message : 'Please try again in a moment.';
  // Try again goes with the error once what it asked for loads: the focus then moves to the page's main content, not
  // the body, where the next Tab started again at the skip link.
  const focusAfterRemoval = useFocusAfterRemoval();
  return (
    <div role="alert">
      <EmptyState
        icon="alert"
        titleAs={titleAs}
        title={title}
        body={message}
        action={
          onRetry ? (
            <Button
              ref={focusAfterRemoval.ref}
              variant="primary"
              onClick={() => {
                focusAfterRemoval.markPressed();
                onRetry();
              }}
              isLoading={isRetrying}
            >
              Try again
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
