/** PostgreSQL's unique_violation, from pg or PGlite, whether or not drizzle wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return !constraint || candidate.constraint === constraint || String(candidate.message).includes(constraint);
    }
  }
  return false;
}

/**
 * SQLSTATEs that say the connection or the server went away, not that the statement was wrong: the session was
 * terminated (57P01 admin_shutdown, by pg_terminate_backend or a fast shutdown; 57P02 crash_shutdown), the server is
 * starting or stopping (57P03), connections are used up (53300), or class 08, connection exceptions.
 */
const CONNECTION_LOSS_STATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
]);
/** Socket errors from Node when the database cannot be reached or the connection breaks. */
const SOCKET_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * What node-postgres and its pool throw as plain Errors, without a code: the socket closed under a query ("Connection
 * terminated unexpectedly"), a client used after its connection broke, no connection within the pool's timeout, or
 * the pool closed (a process shutting down).
 */
const CONNECTION_LOSS_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end/,
];

/**
 * Whether a failure means "the database is away" rather than a bug: the error handler answers these 503
 * SERVICE_UNAVAILABLE, which clients and payment providers retry. Follows drizzle's wrapping (`cause`) and Node's
 * AggregateError for a host with several addresses (`errors`).
 */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof candidate.code === 'string' &&
    (CONNECTION_LOSS_STATES.has(candidate.code) || SOCKET_ERROR_CODES.has(candidate.code))
  ) {
    return true;
  }
  if (
    typeof candidate.message === 'string' &&
    CONNECTION_LOSS_MESSAGES.some((pattern) => pattern.test(candidate.message as string))
  ) {
    return true;
  }
  if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isConnectionLoss(inner, depth + 1)))
    return true;
  return isConnectionLoss(candidate.cause, depth + 1);
}

/**
 * PostgreSQL's refusals of a value, the same codes from pg and PGlite: 22021 (a NUL character in text), 22P05 (a NUL
 * escape in jsonb), 22P02 (text that is not a value of its type: a lone surrogate in jsonb, a malformed uuid), 22007
 * and 22008 (a date or time it cannot hold: the year 0000, which ISO 8601 writes and PostgreSQL has not), 22003 (a
 * number too large for its column) and 22001 (text too long for its column). Only client input that validation let
 * through reaches the database in such a shape.
 */
const REFUSED_VALUE_CODES = new Set(['22021', '22P05', '22P02', '22007', '22008', '22003', '22001']);

export function isRefusedValue(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (REFUSED_VALUE_CODES.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}
