import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorCatalogue } from '@cypher/contract';
import { isApiError } from './api-error.ts';

interface ApplyApiErrorOptions<TValues extends FieldValues> {
  /** The form's fields: the API's field errors (`details`) for these show under them. */
  fields: ReadonlyArray<Path<TValues>>;
  /** Codes that are about one field, e.g. USER_ALREADY_EXISTS under the email. */
  fieldForCode?: Partial<Record<string, Path<TValues>>>;
}

/**
 * Puts a failed call's message where the person will look: under the field it is about, or at the top of the
 * form (`errors.root.server`, which react-hook-form clears on the next submit). Messages come from the catalogue
 * via the API client, so they are the spec's words.
 */
export function applyApiError<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  { fields, fieldForCode = {} }: ApplyApiErrorOptions<TValues>,
): void {
  if (!isApiError(error)) {
    setError('root.server', { message: errorCatalogue.INTERNAL_ERROR.message });
    return;
  }
  const field = fieldForCode[error.code];
  if (field) {
    setError(field, { type: error.code, message: error.message }, { shouldFocus: true });
    return;
  }
  const byField = new Map<string, string[]>();
  for (const detail of error.details ?? []) {
    if (!(fields as readonly string[]).includes(detail.field)) continue;
    byField.set(detail.field, [...(byField.get(detail.field) ?? []), detail.message]);
  }
  if (byField.size > 0) {
    // Several details about one field read together (two removed slots under the list); focus goes to the first field
    // named, as it does to the first field a submit finds invalid.
    [...byField].forEach(([field, messages], index) =>
      setError(
        field as Path<TValues>,
        { type: 'server', message: [...new Set(messages)].join(' ') },
        { shouldFocus: index === 0 },
      ),
    );
    return;
  }
  setError('root.server', { type: error.code, message: error.message });
}
