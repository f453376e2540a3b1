import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyApiError } from '../../../api/form-errors.ts';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';

interface AddSavedMethodOptions<TInput extends FieldValues, TOutput> {
  /** What the form adds, as the leave prompt names it: "card", "Tilia payment method", "wallet address". */
  what: string;
  /** Saves what was typed; rejects with the API's refusal. */
  add: (values: TOutput) => Promise<unknown>;
  /** Where the API's refusals show: under these fields, or under the field a code is about. */
  errorFields: Parameters<typeof applyApiError<TInput>>[2];
  /** After the form has been emptied: a form shown on demand closes itself. */
  onAdded?: () => void;
}

/**
 * The payment methods tab's "add one" forms (a card, a Tilia payment method, a wallet address): guarded against
 * leaving with something typed, where another tab of the payment page drops the form as surely as another page;
 * emptied once saved, so nothing is left to ask about; the API's refusals shown where the person looks.
 */
export function useAddSavedMethod<TInput extends FieldValues, TOutput extends FieldValues>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  { what, add, errorFields, onAdded }: AddSavedMethodOptions<TInput, TOutput>,
) {
  const { askBeforeClosing } = useUnsavedChanges(form, what, {
    notSaved: `The ${what} you are adding is not saved.`,
    resetByQuery: ['tab'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add(values);
      form.reset();
      onAdded?.();
    } catch (error) {
      applyApiError(error, form.setError, errorFields);
    }
  });

  return { onSubmit, askBeforeClosing };
}
