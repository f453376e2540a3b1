import type { UseQueryResult } from '@tanstack/react-query';
import { notFoundPageMeta } from '@cypher/contract';
import { namesNothing } from '../api/api-error.ts';
import { ButtonLink } from './button-link.tsx';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { PageMeta } from './page-meta.tsx';
import { Skeleton } from './skeleton.tsx';
import styles from './detail-states.module.css';

/** A detail page while its entry loads: a banner-and-title shape, and a heading for screen readers. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div className={`container ${styles.skeleton}`} aria-busy="true">
      <h1 className="visually-hidden">{label}</h1>
      <Skeleton height="clamp(160px, 28vw, 320px)" radius="var(--radius-xl)" />
      <Skeleton width="min(420px, 80%)" height="40px" radius="var(--radius-md)" />
      <Skeleton width="min(560px, 90%)" height="18px" />
      <Skeleton width="min(480px, 70%)" height="18px" />
    </div>
  );
}

interface DetailLoadStatesProps extends Omit<DetailErrorProps, 'error' | 'onRetry' | 'isRetrying'> {
  query: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'refetch' | 'isRefetching'>;
  /** The skeleton's heading for screen readers; "Loading {what}" unless said. */
  loadingLabel?: string;
}

/**
 * A detail page until its entry is first read: the skeleton, then "not found" or a failure with Try again. Pages
 * show it while `query.data` is undefined, not while the query is not a success: a read again that fails (every 30 s
 * on a drop on sale, at each of its boundaries) keeps the last good answer on screen instead of an error page.
 */
export function DetailLoadStates({ query, what, loadingLabel = `Loading ${what}`, ...browse }: DetailLoadStatesProps) {
  if (!query.isError) return <DetailSkeleton label={loadingLabel} />;
  return (
    <DetailError
      what={what}
      error={query.error}
      onRetry={() => void query.refetch()}
      isRetrying={query.isRefetching}
      {...browse}
    />
  );
}

interface DetailErrorProps {
  /** "brand", "product", "license": what the address was supposed to show. */
  what: string;
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
  /** Where to go instead when the entry does not exist (or is not published). */
  browseTo: string;
  browseLabel: string;
}

/**
 * A detail page that failed: an address that names nothing says the entry is not here and offers the list; anything
 * else says so and offers to try again.
 */
export function DetailError({ what, error, onRetry, isRetrying, browseTo, browseLabel }: DetailErrorProps) {
  if (namesNothing(error)) return <DetailNotFound what={what} browseTo={browseTo} browseLabel={browseLabel} />;
  const title = `We could not load this ${what}`;
  return (
    <div className={`container ${styles.state}`}>
      <PageMeta title={title} />
      <ErrorState title={title} error={error} onRetry={onRetry} isRetrying={isRetrying} titleAs="h1" />
    </div>
  );
}

/**
 * A detail page whose address names nothing: the entry does not exist, is not public, or is not the one the rest of
 * the address names (a raffle round under another drop). The server answers such an address 404 too.
 */
export function DetailNotFound({
  what,
  browseTo,
  browseLabel,
}: Pick<DetailErrorProps, 'what' | 'browseTo' | 'browseLabel'>) {
  const meta = notFoundPageMeta(what);
  return (
    <div className={`container ${styles.state}`}>
      <PageMeta {...meta} />
      <EmptyState
        icon="frame"
        titleAs="h1"
        title={meta.title}
        body={`This ${what} does not exist or is not on show any more.`}
        action={<ButtonLink to={browseTo}>{browseLabel}</ButtonLink>}
      />
    </div>
  );
}
