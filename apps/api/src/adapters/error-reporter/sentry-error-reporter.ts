import * as Sentry from '@sentry/node';
import type { ErrorReporter } from './error-reporter.ts';

export function sentryErrorReporter(options: { dsn: string; environment: string; release: string }): ErrorReporter {
  Sentry.init({ dsn: options.dsn, environment: options.environment, release: options.release, tracesSampleRate: 1 });
  return {
    report: (error, context) => {
      Sentry.withScope((scope) => {
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.method && context.url) scope.setContext('request', { method: context.method, url: context.url });
        Sentry.captureException(error);
      });
    },
    flush: async () => {
      await Sentry.flush(2000);
    },
  };
}
