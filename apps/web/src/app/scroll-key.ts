import type { Location } from 'react-router';

/**
 * Where a page's scroll position is kept: each history entry's own key, as a browser does. A page loaded afresh (typed,
 * bookmarked, reloaded) has no key of its own ("default"), so it is keyed by its address: a reload comes back where it
 * was, and a new address opens at the top instead of where the last page loaded afresh in this tab was left.
 */
export function scrollKeyOf(location: Location): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
}
