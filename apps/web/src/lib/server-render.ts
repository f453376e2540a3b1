import { createContext, useContext } from 'react';
import type { TServerRender } from './server-page.ts';

/**
 * Given by the server's render (entry-server.tsx), and in the browser by the hydration (app/start-app.tsx), which
 * clears it in a transition once the page is hydrated: the components that read it then render again with the
 * browser's own values, a little at a time, instead of in one long task on a phone. Null in a page the browser
 * rendered by itself.
 */
export const ServerRenderContext = createContext<TServerRender | null>(null);

/** The conditions the HTML was made with while it must be matched; null once the browser's own apply. */
export function useServerRender(): TServerRender | null {
  return useContext(ServerRenderContext);
}

/** False while the server renders and while the browser hydrates its HTML; true after, and in a page the browser rendered. */
export function useIsHydrated(): boolean {
  return useServerRender() === null;
}
