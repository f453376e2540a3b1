/**
 * Tells zod, before it loads, not to compile its object checks: the page's Content-Security-Policy forbids `eval`,
 * and zod probes for it (`new Function('')`) when its first object schema is made, which the browser reports as a
 * policy violation in the console (Lighthouse's best practices count it) though zod catches the error. Called by the
 * entry (main.tsx), long before the app's code, the contract's schemas among it, is asked for. zod keeps its settings
 * on `globalThis.__zod_globalConfig` so that every copy of it shares them; zod-without-eval.test.ts checks it still does.
 */
export function forbidZodEval(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (scope.__zod_globalConfig ??= {}).jitless = true;
}
