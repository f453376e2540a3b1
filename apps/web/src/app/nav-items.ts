import type { IconName } from '../ui/icon.tsx';
import type { RoutePath } from './route-paths.ts';

/** The main navigation, shared by the desktop header and the mobile menu. */
export const mainNavItems: ReadonlyArray<{ label: string; to: RoutePath }> = [
  { label: 'Drops', to: '/drops' },
  { label: 'Brands', to: '/brands' },
  { label: 'Products', to: '/products' },
  { label: 'Collections', to: '/collections' },
  { label: 'Fusions', to: '/fusions' },
  { label: 'Tickets', to: '/tickets' },
  { label: 'Guide', to: '/guide' },
];

/** The signed-in account's links, shared by the header's account menu and the mobile menu. */
export const accountNavItems: ReadonlyArray<{ label: string; to: RoutePath; icon: IconName }> = [
  { label: 'Edit profile', to: '/profile/edit', icon: 'pencil' },
  { label: 'Account security', to: '/account/security', icon: 'shield' },
  { label: 'Connected accounts', to: '/account/connect', icon: 'users' },
  { label: 'Payment', to: '/payment', icon: 'card' },
  { label: 'Notifications', to: '/notifications', icon: 'bell' },
  { label: 'Change password', to: '/password/change', icon: 'lock' },
];

/** Shown beside the account links to operators only (those `/console/me` answers for). */
export const consoleNavItem: { label: string; to: RoutePath; icon: IconName } = {
  label: 'Console',
  to: '/console',
  icon: 'shield',
};
