import { useCallback, useRef } from 'react';

/**
 * For a button that opens a form in its own place (Add a card, Add a bank account): the button leaves the page as
 * the form comes, and the focus with it, to the body, so a screen reader says nothing of the form (session 79's hunt).
 * The form's first field takes the focus as the form opens, and the button takes it back when the form closes
 * (Cancel, or saved). `formRef` goes on the form, `buttonRef` on the button.
 */
export function useInlineFormFocus() {
  const wasOpened = useRef(false);
  const formRef = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    wasOpened.current = true;
    form.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);
  const buttonRef = useCallback((button: HTMLButtonElement | null) => {
    if (!button || !wasOpened.current) return;
    wasOpened.current = false;
    button.focus();
  }, []);
  return { formRef, buttonRef };
}
