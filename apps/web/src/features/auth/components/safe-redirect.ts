const BASE = 'http://local.invalid';

/**
 * Where to go after signing in: the `redirectTo` parameter when it is a path on this site, otherwise home.
 * Anything that could leave the site (`//evil.example`, `/\evil.example`, `https://...`, `javascript:`, a path
 * with a tab that URL parsing drops) or loop back into sign-in is refused, so a crafted link cannot send someone
 * elsewhere with their fresh session. The answer is the path as the URL parser normalised it.
 */
export function safeRedirectPath(redirectTo: string | null | undefined, fallback = '/'): string {
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
