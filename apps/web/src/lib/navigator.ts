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
