import { errorCatalogue, type TErrorCode, type TFieldError } from '@cypher/contract';

/**
 * The one error type of the API (house rule 2). Throw `new AppError('USER_ALREADY_EXISTS')`; the error handler turns
 * it into the catalogue's status and message. `message` overrides the catalogue wording only where the catalogue
 * leaves room for specifics (for example, when a locked action becomes possible again).
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly details: TFieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    options: { message?: string; details?: TFieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = options.details;
    this.headers = options.headers;
  }
}
