import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** A console form as the guard asks it, when the page is about to be left. */
export interface TGuardedForm {
  /** Whether it holds changes that are not saved, at the moment of asking. */
  hasUnsavedChanges: () => boolean;
  /** What it edits, in words: "Your changes to this {subject} are not saved." */
  subject: () => string;
}

export interface TUnsavedChangesGuard {
  /** Adds a form to the frame's guard (UnsavedChangesGuard); the function it returns takes it off again. */
  register: (form: TGuardedForm) => () => void;
  /** The next move leaves the page without asking: what the forms hold is gone anyway (the thing was deleted). */
  allowNextMove: () => void;
}

export const UnsavedChangesContext = createContext<TUnsavedChangesGuard | null>(null);

/**
 * For an action after which the page's forms have nothing left to save (a delete): call it before moving on, and the
 * move is not held.
 */
export function useLeaveWithoutAsking(): () => void {
  const guard = useContext(UnsavedChangesContext);
  return useCallback(() => guard?.allowNextMove(), [guard]);
}

/**
 * Every console form that edits something calls this once with its react-hook-form form and what it edits ("brand",
 * "drop", "batch of codes"). Leaving the page inside the app (a link, Back) while it holds changes asks first, and so
 * does closing or reloading the tab; nothing is asked when nothing changed (react-hook-form's isDirty: values typed
 * back to what was loaded are no change). After a save succeeds, the form calls `markSaved()` before it moves on: what
 * it holds then counts as saved until it changes again.
 */
export function useUnsavedChanges<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  subject: string,
): { markSaved: () => void } {
  const register = useContext(UnsavedChangesContext)?.register;
  // Read during render, so react-hook-form keeps it up to date.
  const { isDirty } = form.formState;
  const { getValues } = form;
  const latest = useRef({ isDirty, subject, savedValues: undefined as string | undefined });
  useEffect(() => {
    latest.current.isDirty = isDirty;
    latest.current.subject = subject;
    // Back to what it started from (a form emptied for the next grant): from here on isDirty alone tells.
    if (!isDirty) latest.current.savedValues = undefined;
  }, [isDirty, subject]);

  useEffect(() => {
    if (!register) return undefined;
    return register({
      hasUnsavedChanges: () => {
        const { isDirty: isChanged, savedValues } = latest.current;
        return isChanged && savedValues !== JSON.stringify(getValues());
      },
      subject: () => latest.current.subject,
    });
  }, [register, getValues]);

  const markSaved = useCallback(() => {
    latest.current.savedValues = JSON.stringify(getValues());
  }, [getValues]);
  return { markSaved };
}
