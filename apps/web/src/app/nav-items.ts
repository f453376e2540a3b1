import type { IconName } from '../ui/icon.tsx';
import type { TWebRoutePath } from '@cypher/contract';

/** The main navigation, shared by the desktop header and the mobile menu. */
export const mainNavItems: ReadonlyArray<{ label: string; to: TWebRoutePath }> = [
  { label: 'Drops', to: '/drops' },
  { label: 'Passes', to: '/pass' },
  { label: 'Brands', to: '/brands' },
  { label: 'Products', to: '/products' },
  { label: 'Collections', to: '/collections' },
  { label: 'Fusions', to: '/fusions' },
  { label: 'Tickets', to: '/tickets' },
  { label: 'Guide', to: '/guide' },
];

/** A route, or a route with a query (a tab of it). */
export type NavTarget = TWebRoutePath | `${TWebRoutePath}?${string}`;

/** The signed-in account's links, shared by the header's account menu and the mobile menu. */
export const accountNavItems: ReadonlyArray<{ label: string; to: NavTarget; icon: IconName }> = [
  { label: 'My packs', to: '/drops?tab=packs', icon: 'package' },
  { label: 'Purchases', to: '/payment?tab=purchases', icon: 'list' },
  // The daily habits: a check-in's reward, a code's gift (only the footer and the guide led there).
  { label: 'Daily check-in', to: '/tickets/attendance', icon: 'calendar' },
  { label: 'Redeem a code', to: '/profile/redeem', icon: 'gift' },
  { label: 'Edit profile', to: '/profile/edit', icon: 'pencil' },
  { label: 'Account security', to: '/account/security', icon: 'shield' },
  { label: 'Connected accounts', to: '/account/connect', icon: 'users' },
  { label: 'Payment', to: '/payment', icon: 'card' },
  { label: 'Notifications', to: '/notifications', icon: 'bell' },
  { label: 'Change password', to: '/password/change', icon: 'lock' },
];

/** Shown beside the account links to operators only (those the user record calls `isOperator`). */
export const consoleNavItem: { label: string; to: TWebRoutePath; icon: IconName } = {
  label: 'Console',
  to: '/console',
  icon: 'shield',
};

/**
 * Which of the account's links is the page shown, by path and query: a link with a query (a tab) when every one of
 * its parameters is in the address; else a link without one to the page or a page under it. NavLink compares
 * paths only, so on /payment?tab=purchases both Purchases and Payment said "current page".
 */
export function currentAccountItem(
  items: ReadonlyArray<{ to: string }>,
  location: { pathname: string; search: string },
): string | undefined {
  const shown = new URLSearchParams(location.search);
  const onThisPath = items.filter((item) => item.to.split('?')[0] === location.pathname);
  const byQuery = onThisPath.find((item) => {
    const query = item.to.split('?')[1];
    return query !== undefined && [...new URLSearchParams(query)].every(([key, value]) => shown.get(key) === value);
  });
  if (byQuery) return byQuery.to;
  // A page of its own, or one under it (/console/products under Console), as NavLink matched.
  return items.find((item) => {
    const to = item.to;
    return !to.includes('?') && (location.pathname === to || location.pathname.startsWith(`${to}/`));
  })?.to;
}
