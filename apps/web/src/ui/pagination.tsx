import { Link, type To } from 'react-router';
import { Button } from './button.tsx';
import { buttonClassName } from './button-class-name.ts';
import { Icon } from './icon.tsx';
import styles from './pagination.module.css';
import { formatCount } from '../lib/format.ts';

interface PaginationProps {
  page: number;
  size: number;
  total: number;
  /** Where page `n` lives: pages are addresses, so they can be shared and the back button works. */
  hrefFor: (page: number) => To;
  label?: string;
}

/** Previous / "Page 2 of 7" / Next. Nothing when everything fits on one page. */
export function Pagination({ page, size, total, hrefFor, label = 'Pages' }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (pageCount <= 1 && page <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  const look = buttonClassName({ variant: 'secondary', size: 'sm' });
  return (
    <nav className={styles.pagination} aria-label={label}>
      {hasPrevious ? (
        <Link className={look} to={hrefFor(Math.min(page - 1, pageCount))} rel="prev">
          <Icon name="arrow-left" size={16} />
          Previous
        </Link>
      ) : (
        // A disabled button, not a dead link: it keeps its place and says there is no previous page.
        <Button size="sm" disabled>
          <Icon name="arrow-left" size={16} />
          Previous
        </Button>
      )}
      <p className={styles.status}>
        Page {formatCount(page)} of {formatCount(pageCount)}
      </p>
      {hasNext ? (
        <Link className={look} to={hrefFor(page + 1)} rel="next">
          Next
          <Icon name="arrow-right" size={16} />
        </Link>
      ) : (
        <Button size="sm" disabled>
          Next
          <Icon name="arrow-right" size={16} />
        </Button>
      )}
    </nav>
  );
}

interface CursorPaginationProps {
  /** Where the page before this one lives, or null on the first page. */
  previousTo: To | null;
  /** Where the page after this one lives, or null on the last page. */
  nextTo: To | null;
  /** The buttons' words where "Previous" and "Next" say less (a journal's "Newer" and "Older"). */
  previousLabel?: string;
  nextLabel?: string;
  label?: string;
}

/**
 * Previous / Next for a list paged by cursor (a feed that grows while read): no page count, since a cursor knows only
 * whether there is a page on either side. Nothing when there is neither.
 */
export function CursorPagination({
  previousTo,
  nextTo,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  label = 'Pages',
}: CursorPaginationProps) {
  if (!previousTo && !nextTo) return null;
  const look = buttonClassName({ variant: 'secondary', size: 'sm' });
  return (
    <nav className={styles.pagination} aria-label={label}>
      {previousTo ? (
        <Link className={look} to={previousTo} rel="prev">
          <Icon name="arrow-left" size={16} />
          {previousLabel}
        </Link>
      ) : (
        <Button size="sm" disabled>
          <Icon name="arrow-left" size={16} />
          {previousLabel}
        </Button>
      )}
      {nextTo ? (
        <Link className={look} to={nextTo} rel="next">
          {nextLabel}
          <Icon name="arrow-right" size={16} />
        </Link>
      ) : (
        <Button size="sm" disabled>
          {nextLabel}
          <Icon name="arrow-right" size={16} />
        </Button>
      )}
    </nav>
  );
}
