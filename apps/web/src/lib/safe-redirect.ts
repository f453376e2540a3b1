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
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(redirectTo, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (/^\/(signin|signup)\/?$/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
