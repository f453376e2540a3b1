import { createContext, useContext } from 'react';
import { Navigate, type To } from 'react-router';

/**
 * Given by the server's render (entry-server.tsx): a page that is not at its canonical address hands that address
 * here, and the server answers 301 with it instead of a page (a browser's <Navigate> cannot run on the server).
 */
export const CanonicalRedirectCollector = createContext<((to: string) => void) | null>(null);

/**
 * Sends the reader to the page's canonical address: a 301 when the server renders the page, the address replaced in
 * the history when the browser does.
 */
export function CanonicalRedirect({ pathname, search = '' }: { pathname: string; search?: string }) {
  const collect = useContext(CanonicalRedirectCollector);
  if (collect) {
    collect(`${pathname}${search}`);
    return null;
  }
  const to: To = { pathname, search };
  return <Navigate to={to} replace />;
}
