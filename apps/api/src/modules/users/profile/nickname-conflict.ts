import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * Nicknames are unique whatever their case (index users_nickname_lower_key). The index decides, not a lookup
 * first: two people choosing the same nickname at once cannot both get it.
 */
export function nicknameConflictOr(error: unknown): unknown {
  return isUniqueViolation(error, 'users_nickname_lower_key') ? new AppError('NICKNAME_ALREADY_EXISTS') : error;
}
