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
