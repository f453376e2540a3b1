import type { TPassStatus } from '@cypher/contract';

/** A pass's sale status in words, shared by the pass pages and the console's list of passes. */
export const passStatusLabels: Record<TPassStatus, string> = {
  UPCOMING: 'Upcoming',
  ON_SALE: 'On sale',
  SOLD_OUT: 'Sold out',
  ENDED: 'Ended',
};
