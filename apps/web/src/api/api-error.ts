import type { TFieldError } from '@cypher/contract';

/** A failed API call as the app sees it: HTTP status, the catalogue code, the message to show, field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: TFieldError[] | undefined;

  constructor(status: number, code: string, message: string, details?: TFieldError[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A refusal (4xx) is the answer to this attempt, kept under its Idempotency-Key: nothing was done, and the next press
 * is a new attempt with a new key. A lost answer (network, 5xx) or REQUEST_IN_PROGRESS (the first request is still
 * running) may have gone through: the retry must keep the key, so it cannot buy, grant, reward or burn twice.
 */
export function isFinalRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.code !== 'REQUEST_IN_PROGRESS';
}

/**
 * The address names nothing: a 404 (drafts and unpublished entries answer 404 to the public too), or the API's 400
 * about the address's id alone (a cut or mistyped link: its shape is checked before anything is looked up). Asking
 * again would find nothing either.
 */
export function namesNothing(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  const details = error.details ?? [];
  // `id`, or a named one such as a raffle round's `roundId`.
  const isAnId = (field: string) => field === 'id' || field.endsWith('Id');
  return error.code === 'INVALID_REQUEST' && details.length > 0 && details.every((detail) => isAnId(detail.field));
}
