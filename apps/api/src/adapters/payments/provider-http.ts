import { z } from 'zod';

/** Ten seconds: a checkout that takes longer fails the deposit (PAYMENT_PROVIDER_UNAVAILABLE) instead of hanging. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface TProviderCall {
  /** Names the provider in errors; never a secret. */
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: string | URLSearchParams;
  timeoutMs: number;
  fetchImpl: typeof fetch;
}

/**
 * One POST to a payment provider, answering its JSON. A non-2xx answer, a timeout or a body that is not JSON throws,
 * so create-deposit marks the deposit failed. The error names the status and the provider's own error code only:
 * never the request (it holds keys) nor the whole answer (it may echo what was sent).
 */
export async function postToProvider(call: TProviderCall): Promise<unknown> {
  let response: Response;
  try {
    response = await call.fetchImpl(call.url, {
      method: 'POST',
      headers: call.headers,
      body: call.body,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${call.timeoutMs} ms` : 'unreachable';
    throw new Error(`${call.provider}: ${reason}`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw new Error(`${call.provider} answered ${response.status}${errorCodeOf(body)}`);
  if (body === null || typeof body !== 'object')
    throw new Error(`${call.provider} answered ${response.status} without JSON`);
  return body;
}

function errorCodeOf(body: unknown): string {
  if (!body || typeof body !== 'object' || !('error' in body)) return '';
  const error = (body as { error: unknown }).error;
  if (typeof error === 'string') return ` (${error.slice(0, 100)})`;
  if (error && typeof error === 'object') {
    const { type, code } = error as { type?: unknown; code?: unknown };
    const parts = [type, code].filter((part): part is string => typeof part === 'string');
    return parts.length ? ` (${parts.join(', ').slice(0, 100)})` : '';
  }
  return '';
}

/** The checkout's expiry from the provider, or null when it is missing or not a date. */
export function dateFrom(value: unknown): Date | null {
  const date = typeof value === 'number' ? new Date(value * 1000) : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** Our deposit id as a provider echoes it back (metadata, a reference), when it is one; anything else is dropped. */
export function depositIdFrom(value: unknown): string | undefined {
  const id = z.uuid().safeParse(value);
  return id.success ? id.data : undefined;
}
