import '@fontsource-variable/space-grotesk';
import './ui/tokens.css';
import './ui/global.css';

import { applyTheme, storedTheme } from './app/theme.ts';
import { holdEarlyPresses } from './lib/early-presses.ts';
import { SERVER_PAGE_ELEMENT_ID } from './lib/server-page.ts';
import { forbidZodEval } from './lib/zod-without-eval.ts';

forbidZodEval();
applyTheme(storedTheme());

/**
 * A page the server rendered is already whole in the HTML (docs/decisions/0038-pages-rendered-on-the-server.md): the
 * app (React, the router, the page's code) is asked for once that HTML has been painted, so on a slow connection the
 * style sheet, fonts and pictures have the bandwidth first, and hydrating it never holds the first paint. A page the
 * browser renders asks for it at once (the API lists its files as preloads in the HTML).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const hasPainted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    // A tab in the background paints nothing until it is shown: nothing to wait for.
    if (document.visibilityState === 'hidden' || hasPainted()) return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    // The paint entry comes once the frame is on screen, which can be well after the main thread has drawn it.
    const observer = new PerformanceObserver(() => {
      if (!hasPainted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, 3_000);
  });
}

const root = document.getElementById('root');
const isServerPage = root !== null && document.getElementById(SERVER_PAGE_ELEMENT_ID) !== null;
// Until then its buttons are held: a press is made again once the page is hydrated (lib/early-presses.ts).
const releasePresses = isServerPage ? holdEarlyPresses(root) : undefined;
if (isServerPage) await afterFirstPaint();
const { startTheApp } = await import('./app/boot.tsx');
startTheApp({ onHydrated: releasePresses });
