import { useEffect, useRef, type RefObject } from 'react';

/**
 * After each refused submit, the first control the form shows as invalid (aria-invalid, in the page's order) takes the
 * focus, once the errors have rendered. For forms whose fields register out of page order (fields that come and go
 * with a country, say), where react-hook-form's own focus follows registration and can land on the last box; such a
 * form turns `shouldFocusError` off and passes its `submitCount` and whether it has errors.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, submitCount: number, hasErrors: boolean) {
  // Once per submit (only `submitCount` is a dependency): typing into a field must not pull the focus elsewhere.
  const hasErrorsNow = useRef(hasErrors);
  hasErrorsNow.current = hasErrors;
  useEffect(() => {
    if (submitCount > 0 && hasErrorsNow.current) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [form, submitCount]);
}
