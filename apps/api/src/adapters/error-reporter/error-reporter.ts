/** Where unexpected failures (5xx) go besides the log: Sentry when SENTRY_DSN is set, nowhere otherwise. */
export interface ErrorReporter {
  report(error: unknown, context: { requestId?: string; method?: string; url?: string }): void;
  flush(): Promise<void>;
}

export const silentErrorReporter: ErrorReporter = {
  report: () => undefined,
  flush: async () => undefined,
};

/** Keeps what it was handed, for tests that check a 5xx reaches the reporter. */
export function recordingErrorReporter(): ErrorReporter & { reports: { error: unknown; requestId?: string }[] } {
  const reports: { error: unknown; requestId?: string }[] = [];
  return {
    reports,
    report: (error, context) => {
      reports.push({ error, ...(context.requestId ? { requestId: context.requestId } : {}) });
    },
    flush: async () => undefined,
  };
}
