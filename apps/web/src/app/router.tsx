import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLoading } from './app-loading.tsx';
import { AppShell } from './app-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import type { RouteHandle } from './route-handle.ts';
import { RouteErrorPage } from './route-error-page.tsx';
import { webRoutePaths, type TWebRoutePath } from '@cypher/contract';

interface PageRoute {
  lazy: () => Promise<{ Component: ComponentType }>;
  handle?: RouteHandle;
}

/** A page module's default export, loaded the first time its route is visited. */
function page(load: () => Promise<{ default: ComponentType }>, handle?: RouteHandle): PageRoute {
  return { lazy: async () => ({ Component: (await load()).default }), handle };
}

const bare: RouteHandle = { layout: 'bare' };
const signedIn: RouteHandle = { access: 'signed-in' };

/** Typed over the contract's web routes, so a path added to web-routes.ts without a page here does not compile. */
const pages: Record<TWebRoutePath, PageRoute> = {
  '/': page(() => import('../features/catalog/home-page.tsx')),
  '/signin': page(() => import('../features/auth/sign-in-page.tsx')),
  '/signup': page(() => import('../features/auth/sign-up-page.tsx')),
  '/pass': page(() => import('../features/drops/passes-page.tsx')),
  '/pass/:id': page(() => import('../features/drops/pass-detail-page.tsx')),
  '/password/reset': page(() => import('../features/auth/password-reset-page.tsx')),
  '/password/change': page(() => import('../features/auth/password-change-page.tsx'), signedIn),
  '/payment': page(() => import('../features/wallet/payment-page.tsx'), signedIn),
  '/purchase/card': page(() => import('../features/orders/purchase-card-page.tsx'), signedIn),
  '/purchase/:id': page(() => import('../features/orders/purchase-receipt-page.tsx'), signedIn),
  '/purchase/:id/status': page(() => import('../features/orders/purchase-status-page.tsx'), signedIn),
  '/profile/creation': page(() => import('../features/users/profile-creation-page.tsx'), signedIn),
  '/profile/edit': page(() => import('../features/users/profile-edit-page.tsx'), signedIn),
  '/profile/redeem': page(() => import('../features/redeem/redeem-page.tsx')),
  '/email/verify': page(() => import('../features/auth/email-verify-page.tsx')),
  '/email/verified': page(() => import('../features/auth/email-verified-page.tsx')),
  '/account/security': page(() => import('../features/auth/account-security-page.tsx'), signedIn),
  '/account/connect': page(() => import('../features/users/account-connect-page.tsx'), signedIn),
  '/account/delete': page(() => import('../features/users/account-delete-page.tsx'), signedIn),
  '/collections': page(() => import('../features/collection/my-collection-page.tsx')),
  '/collections/:id': page(() => import('../features/collection/collection-set-page.tsx')),
  '/collections/:id/figure_base/:baseId/editions': page(
    () => import('../features/collection/figure-base-editions-page.tsx'),
  ),
  '/drops': page(() => import('../features/drops/drops-page.tsx')),
  '/drops/:id': page(() => import('../features/drops/drop-detail-page.tsx')),
  '/drops/:id/provenance': page(() => import('../features/drops/drop-provenance-page.tsx')),
  '/drops/:id/raffle/:roundId': page(() => import('../features/drops/raffle-draw-page.tsx')),
  '/products': page(() => import('../features/catalog/products-page.tsx')),
  '/products/:id': page(() => import('../features/catalog/product-detail-page.tsx')),
  '/products/nfts/:id': page(() => import('../features/collection/product-nft-page.tsx')),
  '/licenses/:id': page(() => import('../features/catalog/license-page.tsx')),
  '/brands': page(() => import('../features/catalog/brands-page.tsx')),
  '/brands/:id': page(() => import('../features/catalog/brand-detail-page.tsx')),
  // One page: a type that is not the brand's own is corrected in the address there.
  '/brands/:type/:id': page(() => import('../features/catalog/brand-detail-page.tsx')),
  '/notifications': page(() => import('../features/notifications/notifications-page.tsx'), signedIn),
  '/nfts/:id': page(() => import('../features/collection/nft-detail-page.tsx')),
  '/users/:id': page(() => import('../features/users/public-profile-page.tsx')),
  '/terms': page(() => import('../features/catalog/terms-page.tsx')),
  '/tickets': page(() => import('../features/drops/tickets-page.tsx')),
  '/tickets/attendance': page(() => import('../features/attendance/attendance-page.tsx')),
  '/onboarding': page(() => import('../features/users/onboarding-page.tsx')),
  '/fusions': page(() => import('../features/fusion/fusions-page.tsx')),
  // Choosing materials is a collector's own: visitors sign in first and come back here.
  '/fusions/:id/slots': page(() => import('../features/fusion/fusion-slots-page.tsx'), signedIn),
  '/fusions/:id': page(() => import('../features/fusion/fusion-detail-page.tsx')),
  '/guide': page(() => import('../features/catalog/guide-page.tsx')),
  '/oauth/google/callback': page(() => import('../features/auth/google-callback-page.tsx'), bare),
  '/oauth/discord/callback': page(() => import('../features/users/discord-callback-page.tsx'), bare),
  '/console': page(() => import('../features/console/console-home-page.tsx'), signedIn),
  '/console/:section': page(() => import('../features/console/console-section-page.tsx'), signedIn),
  '/console/:section/new': page(() => import('../features/console/console-entry-page.tsx'), signedIn),
  '/console/:section/:id': page(() => import('../features/console/console-entry-page.tsx'), signedIn),
};

/**
 * The route tree, shared by the browser router and the tests. Pages sit under a pathless route with their own
 * error boundary, so a failing page still shows inside the header and footer.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          ...webRoutePaths.map((path): RouteObject => ({ path, ...pages[path] })),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
