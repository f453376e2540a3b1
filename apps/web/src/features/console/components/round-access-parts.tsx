import { errorCatalogue, type TConsoleDrop } from '@cypher/contract';
import type { ReactNode } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import styles from './round-access.module.css';

/** What the raffle and waiting-room blocks of a published round share (round-access.tsx puts them side by side). */

export type TRound = TConsoleDrop['rounds'][number];

export const errorMessage = (error: unknown) =>
  isApiError(error) ? error.message : errorCatalogue.INTERNAL_ERROR.message;
export const time = (iso: string) => <time dateTime={iso}>{formatDateTimeWithZone(iso)}</time>;
export const hasCome = (iso: string) => Date.parse(iso) <= Date.now();

/** A read that failed: the API's words, and another go. */
export function ReadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      tone="error"
      action={
        <Button type="button" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
