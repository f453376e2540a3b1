import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';

/** A part of the provenance page that did not load, with the error's words and Try again. */
export function RetryAlert({
  title,
  error,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry} isLoading={isRetrying}>
          Try again
        </Button>
      }
    >
      {error.message || 'Please try again in a moment.'}
    </Alert>
  );
}
