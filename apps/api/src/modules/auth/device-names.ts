/*
 * Writes: nothing · Reads: nothing (words from a user agent) · Used by: my-sessions.ts (GET /v1/users/sessions) ·
 * Tests: device-names.test.ts, my-sessions.test.ts.
 */

/**
 * A sign-in's device as a person recognises it ("Chrome on macOS", "Safari on iPhone"), told from the user agent its
 * browser sent at sign-in. Only the common browsers and systems are named; anything else is said plainly, since a
 * person ending a sign-in they do not know needs a hint, not a full parse. The order matters: Edge and Opera say
 * "Chrome" too, and Chrome says "Safari".
 */
const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'An unknown device';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return 'An unknown device';
}
