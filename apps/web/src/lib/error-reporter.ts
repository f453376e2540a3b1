import { APP_VERSION } from '@cypher/contract';
import type { AppConfig } from '../config.ts';

/**
 * Error reporting (spec section 7): Sentry when a DSN is configured, nothing otherwise. Sentry is imported on
 * demand, so a deployment without a DSN never downloads it. Reports made while it loads are held and sent after.
 */
export type ErrorContext = Record<string, unknown>;
export type ErrorSink = (error: unknown, context?: ErrorContext) => void;

const noop: ErrorSink = () => {};
let sink: ErrorSink = noop;

export function reportError(error: unknown, context?: ErrorContext): void {
  try {
    sink(error, context);
  } catch {
    // Reporting must never become the reason a screen breaks.
  }
}

/** Where reports go. `initErrorReporter` installs Sentry here; tests install a recorder. */
export function setErrorSink(next: ErrorSink | undefined): void {
  sink = next ?? noop;
}

export async function initErrorReporter(config: AppConfig): Promise<boolean> {
  const { sentryDsn } = config;
  if (!sentryDsn) return false;

  const pending: Array<[unknown, ErrorContext | undefined]> = [];
  setErrorSink((error, context) => {
    if (pending.length < 20) pending.push([error, context]);
  });

  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: sentryDsn,
      environment: config.environment,
      release: APP_VERSION,
      integrations: [Sentry.browserTracingIntegration()],
      // Spec section 7: trace every transaction.
      tracesSampleRate: 1,
    });
    setErrorSink((error, context) => void Sentry.captureException(error, context ? { extra: context } : undefined));
    for (const [error, context] of pending.splice(0)) reportError(error, context);
    return true;
  } catch {
    setErrorSink(undefined);
    return false;
  }
}
