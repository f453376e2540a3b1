import { installTokenRefresh } from '../api/refresh.ts';
import { appConfig } from '../config.ts';
import { startAnalytics } from '../lib/analytics.ts';
import { initErrorReporter, reportError } from '../lib/error-reporter.ts';
import { startApp } from './start-app.tsx';

/**
 * The app itself, which main.tsx loads: error reporting, analytics, the session's token refresh, then the pages.
 * `onHydrated` is called once a page the server rendered has been hydrated.
 */
export function startTheApp(options: { onHydrated?: () => void } = {}): void {
  void initErrorReporter(appConfig);
  startAnalytics(appConfig);
  installTokenRefresh();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // Errors caught by a route's error boundary are reported by RouteErrorPage; this catches everything else, and a
  // page whose server HTML could not be hydrated as it was (React then renders it again in the browser).
  void startApp(container, {
    onHydrated: options.onHydrated,
    onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
    onRecoverableError: (error, info) => {
      console.error(error);
      reportError(error, { componentStack: info.componentStack, kind: 'hydration' });
    },
  });
}
