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
