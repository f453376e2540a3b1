import { errorCatalogue } from '@cypher/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/api-error.ts';

/**
 * The API's refusal where the operator will look, for the console's forms whose fields carry the request's names
 * (`grant.count`, `dayRewards.2.reward.passId`): each field detail under the field `placeOf` finds for it (several
 * for one field read together), and the message on top unless the refusal was only about fields (INVALID_REQUEST).
 * A refusal about one field that names no field (`fieldForCode`: AIRDROP_NO_RECIPIENTS under the pass) goes under it.
 */
export function applyFieldApiError<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  placeOf: (field: string) => string | undefined,
  fieldForCode: Partial<Record<string, string>> = {},
): void {
  if (!isApiError(error)) {
    setError('root.server', { message: errorCatalogue.INTERNAL_ERROR.message });
    return;
  }
  const byField = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const detail of error.details ?? []) {
    const field = placeOf(detail.field);
    if (field) byField.set(field, [...(byField.get(field) ?? []), detail.message]);
    else unplaced.push(detail.message);
  }
  // A refusal about one field that names no field itself: its message under that field, not on top.
  const codeField = fieldForCode[error.code];
  const isCodePlaced = codeField !== undefined && byField.size === 0;
  if (isCodePlaced) byField.set(codeField, [error.message]);
  [...byField].forEach(([field, messages], index) =>
    setError(
      field as Path<TValues>,
      { type: 'server', message: [...new Set(messages)].join(' ') },
      { shouldFocus: index === 0 },
    ),
  );
  // A validation refusal is said whole by its details; any other also says its message on top.
  const isSaidByFields = isCodePlaced || error.code === 'INVALID_REQUEST';
  if (isSaidByFields && unplaced.length > 0) {
    setError('root.server', { type: error.code, message: [...new Set(unplaced)].join(' ') });
  } else if (byField.size === 0 || !isSaidByFields) {
    setError('root.server', { type: error.code, message: error.message });
  }
}
