import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAppConfig } from '../config.ts';
import { initErrorReporter, reportError, setErrorSink } from './error-reporter.ts';

afterEach(() => setErrorSink(undefined));

describe('error reporter', () => {
  it('stays off and swallows reports when no DSN is configured', async () => {
    expect(await initErrorReporter(readAppConfig({}))).toBe(false);
    expect(() => reportError(new Error('boom'))).not.toThrow();
  });

  it('hands reports to the installed sink with their context', () => {
    const sink = vi.fn();
    setErrorSink(sink);
    const error = new Error('boom');
    reportError(error, { status: 502 });
    expect(sink).toHaveBeenCalledWith(error, { status: 502 });
  });

  it('never lets a failing sink throw into the caller', () => {
    setErrorSink(() => {
      throw new Error('sink down');
    });
    expect(() => reportError(new Error('boom'))).not.toThrow();
  });
});
