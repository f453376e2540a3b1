import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page's HTML was made with on the server (docs/decisions/0038-pages-rendered-on-the-server.md): the moment,
 * the time zone dates were shown in and the colour theme. The browser's first render of that HTML (hydration) must
 * produce the same markup, so it reads these instead of its own clock, zone and storage; every render after it reads
 * the browser's own again. Sessions are not here: the server renders every page signed out (lib/session.ts).
 */
export interface TServerRender {
  /** Milliseconds since the epoch. */
  now: number;
  /** The reader's IANA time zone, when the browser told it on an earlier visit (a cookie); null: dates in UTC. */
  timeZone: string | null;
  theme: 'dark' | 'light';
}

/**
 * What the server puts beside the HTML of a page it rendered (entry-server.tsx): what it rendered with, and the
 * answers the page showed, in TanStack Query's dehydrated form.
 */
export interface TServerPage extends TServerRender {
  queries: DehydratedState;
}

/** The `<script type="application/json">` that carries it (a data block: the CSP allows it, nothing runs). */
export const SERVER_PAGE_ELEMENT_ID = 'server-page';

/** The browser writes the reader's time zone here, so the server shows dates in it on the next visit. */
export const TIME_ZONE_COOKIE = 'cypher_tz';
