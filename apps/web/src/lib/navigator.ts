/**
 * Navigation for code that runs outside React (the API client's refresh queue). The app shell installs the
 * router here; until it does (and in unit tests that do not install one), navigation requests are ignored.
 */
/** Where the app is: path, query and fragment (absent where a caller's router does not say). */
export type TCurrentPath = { pathname: string; search: string; hash?: string };

export interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The path the router is on now, which may differ from `window.location` under a memory router. */
  currentPath: () => TCurrentPath;
}

let installed: Navigator | undefined;

export function setNavigator(navigator: Navigator | undefined): void {
  installed = navigator;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  installed?.navigate(to, options);
}

export function currentPath(): TCurrentPath {
  if (installed) return installed.currentPath();
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/**
 * The query of the address the router is on now, for a write to the address to start from. React Router renders a
 * navigation in a transition, so until that render lands (longer on a busy device) a render's `useSearchParams`, and
 * the `current` its setter hands an updater, still show the address before it: a second write composed from them
 * undoes the first (a fusion's result dropped from the address by a rewrite of the picks a moment later). Without an
 * installed router (a unit test rendering a page by itself) the render's own is all there is.
 */
export function latestSearchParams(rendered: URLSearchParams): URLSearchParams {
  return new URLSearchParams(installed ? installed.currentPath().search : rendered);
}
