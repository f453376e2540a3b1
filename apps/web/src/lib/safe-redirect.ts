const BASE = 'http://local.invalid';

/**
 * Where to go next (after signing in, or back from adding funds): the given path when it is on this site, otherwise
 * the fallback.
 * Anything that could leave the site (`//evil.example`, `/\evil.example`, `https://...`, `javascript:`, a path
 * with a tab that URL parsing drops) or loop back into sign-in is refused, so a crafted link cannot send someone
 * elsewhere with their fresh session. The answer is the path as the URL parser normalised it.
 */
export function safeRedirectPath(redirectTo: string | null | undefined, fallback?: string): string;
export function safeRedirectPath(redirectTo: string | null | undefined, fallback: null): string | null;
export function safeRedirectPath(redirectTo: string | null | undefined, fallback: string | null = '/'): string | null {
  const path = sitePathOf(redirectTo);
  if (path === null || /^\/(signin|signup)\/?$/.test(path.split(/[?#]/)[0]!)) return fallback;
  return path;
}

/**
 * The path of a page of this site that `href` names, as the URL parser normalised it, or null for anything that could
 * leave the site (`//evil.example`, `/\evil.example`, `https://...`, `javascript:`): a link drawn as one of the app's
 * own must not take the reader elsewhere.
 */
export function sitePathOf(href: string | null | undefined): string | null {
  if (!href || !href.startsWith('/') || href.startsWith('//') || href.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(href, BASE);
  } catch {
    return null;
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}
