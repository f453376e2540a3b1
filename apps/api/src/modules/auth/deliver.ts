import type { ErrorReporter } from '../../adapters/error-reporter/error-reporter.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Sends a message after the transaction that decided it has committed (house rule 7). When the person is waiting
 * for it (an SMS code), a provider failure answers 502 so they can retry; when the message is a courtesy (a
 * welcome mail they can ask for again), the failure is reported and the request still succeeds.
 */
export async function deliver(
  send: () => Promise<void>,
  options: { isRequired: boolean; errorReporter: ErrorReporter },
): Promise<void> {
  try {
    await send();
  } catch (error) {
    options.errorReporter.report(error, {});
    if (options.isRequired) throw new AppError('MESSAGE_DELIVERY_FAILED', { cause: error });
  }
}
