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
