import type { To } from 'react-router';
import type { TPage } from '@cypher/contract';
import { formatCount } from '../lib/format.ts';
import { ButtonLink } from './button-link.tsx';
import { EmptyState } from './empty-state.tsx';
import type { IconName } from './icon.tsx';

/**
 * A page of a list that has items, none of them on this page: the address is past the last page (an old link, a list
 * that shrank, a page number typed by hand), which is not the same as a list with nothing in it yet.
 */
export function isPastLastPage(page: Pick<TPage<unknown>, 'items' | 'total'>): boolean {
  return page.items.length === 0 && page.total > 0;
}

interface PastLastPageProps {
  /** The list's answer: its total and page size say where its last page is. */
  total: number;
  size: number;
  /** Where page `n` lives, as Pagination is given it. */
  hrefFor: (page: number) => To;
  /** What the list holds, as the subject of "… fill 3 pages": "Your collectibles", "Upcoming drops". */
  what: string;
  /** `what` is one thing ("Your history"), which "fills" its pages. */
  isSingular?: boolean;
  icon?: IconName;
  /** The heading's level: h3 where the list is a titled section inside a page. */
  titleAs?: 'h2' | 'h3';
}

/**
 * An address past the last page of a list: the way back to its last page, where the list's empty state would say there
 * is nothing yet, and the list's pagination (shown only under items) would leave no way out.
 */
export function PastLastPage({
  total,
  size,
  hrefFor,
  what,
  isSingular = false,
  icon = 'list',
  titleAs,
}: PastLastPageProps) {
  const lastPage = Math.max(1, Math.ceil(total / size));
  return (
    <EmptyState
      titleAs={titleAs}
      icon={icon}
      title="This page is past the end"
      body={`${what} ${isSingular ? 'fills' : 'fill'} ${lastPage === 1 ? '1 page' : `${formatCount(lastPage)} pages`}.`}
      action={<ButtonLink to={hrefFor(lastPage)}>Go to the last page</ButtonLink>}
    />
  );
}
