/**
 * Adds an external script by URL. The API's Content Security Policy forbids inline scripts, so third-party
 * loaders are always script elements with a `src`, never snippets; their hosts are allowed by the API's CSP.
 */
export function loadScript(src: string, onLoad?: () => void): HTMLScriptElement {
  const existing = Array.from(document.scripts).find((script) => script.src === src);
  if (existing) return existing;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  if (onLoad) script.addEventListener('load', onLoad, { once: true });
  document.head.append(script);
  return script;
}
