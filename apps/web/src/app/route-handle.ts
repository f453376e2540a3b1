import type { UIMatch } from 'react-router';

/**
 * What a route tells the shell about itself, through React Router's `handle`. `layout: 'bare'` drops the header
 * and footer (OAuth callbacks, full-screen moments); everything else gets the default layout.
 */
export interface RouteHandle {
  layout?: 'default' | 'bare';
  /** `signed-in`: visitors are sent to /signin, with a way back here once they have signed in. */
  access?: 'public' | 'signed-in';
}

export type LayoutName = NonNullable<RouteHandle['layout']>;

/** The deepest route that names a layout wins, so a page can override its parents. */
export function layoutFor(matches: UIMatch[]): LayoutName {
  for (const match of [...matches].reverse()) {
    const layout = (match.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}

/** Whether the deepest route that says so asks for a signed-in user. */
export function accessFor(matches: UIMatch[]): NonNullable<RouteHandle['access']> {
  for (const match of [...matches].reverse()) {
    const access = (match.handle as RouteHandle | undefined)?.access;
    if (access) return access;
  }
  return 'public';
}
