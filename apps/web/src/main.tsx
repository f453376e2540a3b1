import '@fontsource-variable/inter';
import '@fontsource-variable/space-grotesk';
import './ui/tokens.css';
import './ui/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installTokenRefresh } from './api/refresh.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './api/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { applyTheme, storedTheme } from './app/theme.ts';
import { appConfig } from './config.ts';
import { startAnalytics } from './lib/analytics.ts';
import { initErrorReporter, reportError } from './lib/error-reporter.ts';

applyTheme(storedTheme());
void initErrorReporter(appConfig);
startAnalytics(appConfig);
installTokenRefresh();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Errors caught by a route's error boundary are reported by RouteErrorPage; this catches everything else.
createRoot(container, {
  onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
}).render(
  <StrictMode>
    <AppProviders router={createAppRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
