import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * Turns a unique violation on one of the named constraints into its 409. Slugs and names are checked by the database,
 * not by a read before the write, so two operators saving the same slug at once still get one success and one 409.
 */
export function conflictOf(error: unknown, constraints: { slug?: string; name?: string }): unknown {
  if (constraints.slug && isUniqueViolation(error, constraints.slug)) {
    return new AppError('SLUG_ALREADY_EXISTS', { cause: error });
  }
  if (constraints.name && isUniqueViolation(error, constraints.name)) {
    return new AppError('NAME_ALREADY_EXISTS', { cause: error });
  }
  return error;
}
