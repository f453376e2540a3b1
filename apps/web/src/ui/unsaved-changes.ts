import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { isSameValue, snapshotOf } from '../lib/form-snapshots.ts';
import { caretIn, leaveEdits, restoreCaret, takeLeftEdits } from './edits-left-behind.ts';

/** Where a move starts and where it goes: the parts of two addresses the guard compares. */
export interface TMove {
  from: { pathname: string; search: string };
  to: { pathname: string; search: string };
}

/** A form as the guard asks it, when the page is about to be left or its pop-up closed. */
export interface TGuardedForm {
  /** Whether it holds changes that are not saved, at the moment of asking. */
  hasUnsavedChanges: () => boolean;
  /** What would be lost, in a sentence: "Your changes to this brand are not saved." */
  notSaved: () => string;
  /** Whether the form is still shown, as typed, after this move: the same page, and none of its query changed. */
  isKeptAcross: (move: TMove) => boolean;
  /** Told when the person chose to drop what it holds (Leave, Discard): nothing of it goes on to another form. */
  discard: () => void;
}

export interface TUnsavedChangesGuard {
  /** Adds a form to the app's guard (UnsavedChangesGuard, in AppShell); the function it returns takes it off again. */
  register: (form: TGuardedForm) => () => void;
  /** The next move leaves the page without asking: what the forms hold is gone anyway (the thing was deleted). */
  allowNextMove: () => void;
  /** Asks whether to drop what the form holds; `close` runs only if the person says so. */
  askBeforeClosing: (form: TGuardedForm, close: () => void) => void;
  /** Whether any of the page's forms holds changes not saved, at the moment of asking. */
  hasUnsavedChanges: () => boolean;
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
 * For an action that starts the page's forms again from what is saved (a publish, an unpublish: the form is keyed on
 * the entry's `updatedAt`): asks, when the action is about to be offered, whether a form holds changes it would drop
 * without a word, since the form then looks unchanged and nothing asks on leaving.
 */
export function usePageHasUnsavedChanges(): () => boolean {
  const guard = useContext(UnsavedChangesContext);
  return useCallback(() => guard?.hasUnsavedChanges() ?? false, [guard]);
}

export interface UnsavedChangesOptions {
  /** The prompt's sentence where "Your changes to this {subject} are not saved." does not fit. */
  notSaved?: string;
  /**
   * False while what the form holds could not be saved anyway (a pop-up whose move is no longer possible): nothing is
   * asked about it. True when left out.
   */
  isActive?: boolean;
  /**
   * The query parameters the page starts this form again on (a form shown for one value of them). A move that changes
   * one asks, as leaving the page does; any other move within the page (another page of a list, a filter, a hash)
   * keeps the form as typed and is never held for it.
   */
  resetByQuery?: readonly string[];
  /**
   * The saved entry the form edits, as `key` ("brands/{id}") and the `version` it was loaded at (its `updatedAt`), on a
   * page that starts the form again from each version the API answers: what is typed while a save is on its way is
   * carried to the form that follows (edits-left-behind.ts).
   */
  entry?: { key: string; version: string };
}

/** What follows a save: `movingTo`, the entry ("brands/{id}") whose own form the page opens next, for a new one. */
export interface TAfterSave {
  movingTo?: string;
}

function queryValues(search: string, key: string): string {
  return new URLSearchParams(search).getAll(key).join('\u0000');
}

/**
 * Every form that edits something saved (a console entry, a collector's profile or payout details) calls this once
 * with its react-hook-form form and what it edits ("brand", "drop", "profile"). Leaving the page inside the app (a
 * link, Back) while it holds changes asks first, and so does closing or reloading the tab; nothing is asked when
 * nothing changed (react-hook-form's isDirty: values typed back to what was loaded, or last saved, are no change), nor
 * for a move that stays on the page (only its query or hash changes: the form is still there, as typed), unless the
 * form says the page starts it again on that query (`resetByQuery`). After a save succeeds, the form calls
 * `markSaved()` before it moves on: what it holds is then what counts as unchanged, until it changes again. A form
 * that stays on its page runs its save in `whileSaving(save)` (with the values it sends, when it took them before a
 * check or a confirmation): then what counts as saved is what the save sent, and
 * what is typed while it is on its way is still a change (and, with `entry`, carried to the form the answer starts).
 *
 * A form in a pop-up (a Dialog) routes every way of closing it through `askBeforeClosing(close)`: Escape, the backdrop,
 * the close button and its Cancel. With nothing unsaved it closes at once; otherwise the same guard asks first, and
 * the pop-up closes only if the person chooses to discard what it holds.
 */
export function useUnsavedChanges<TValues extends FieldValues, TContext, TOutput>(
  form: UseFormReturn<TValues, TContext, TOutput>,
  subject: string,
  options: UnsavedChangesOptions = {},
): {
  markSaved: (after?: TAfterSave) => void;
  whileSaving: <T>(save: () => Promise<T>, values?: TValues) => Promise<T>;
  askBeforeClosing: (close: () => void) => void;
} {
  const guard = useContext(UnsavedChangesContext);
  // Read during render, so react-hook-form keeps it up to date.
  const { isDirty } = form.formState;
  const { getValues, setValue, reset } = form;
  const notSaved = options.notSaved ?? `Your changes to this ${subject} are not saved.`;
  const isActive = options.isActive ?? true;
  const resetByQuery = options.resetByQuery ?? [];
  const entryKey = options.entry?.key;
  const entryVersion = options.entry?.version;
  const latest = useRef({ isDirty, isActive, notSaved, resetByQuery });
  useEffect(() => {
    Object.assign(latest.current, { isDirty, isActive, notSaved, resetByQuery });
  });
  // Where what was typed during the save goes, once it is saved and the page moves on to the entry's own form.
  const movingTo = useRef<string | undefined>(undefined);
  // Whether the person chose to drop what the form holds: then nothing of it goes on to another form.
  const isDiscarded = useRef(false);

  const guarded = useMemo<TGuardedForm>(
    () => ({
      hasUnsavedChanges: () => latest.current.isActive && latest.current.isDirty && movingTo.current === undefined,
      notSaved: () => latest.current.notSaved,
      isKeptAcross: ({ from, to }) =>
        from.pathname === to.pathname &&
        latest.current.resetByQuery.every((key) => queryValues(from.search, key) === queryValues(to.search, key)),
      discard: () => {
        isDiscarded.current = true;
      },
    }),
    [],
  );

  useEffect(() => guard?.register(guarded), [guard, guarded]);

  // The values as the last save sent them, and whether it is still on its way: what is typed meanwhile is not in it.
  const sent = useRef<TValues | undefined>(undefined);
  const isSaving = useRef(false);
  const whileSaving = useCallback(
    async <T>(save: () => Promise<T>, values: TValues = getValues()): Promise<T> => {
      sent.current = snapshotOf(values);
      isSaving.current = true;
      try {
        return await save();
      } finally {
        isSaving.current = false;
      }
    },
    [getValues],
  );

  // What the last save made of the form, once it is made: what counts as saved from then on.
  const savedAs = useRef<TValues | undefined>(undefined);

  // The version the form shows, as its last commit had it: the one it goes at.
  const shownVersion = useRef(entryVersion);
  useLayoutEffect(() => {
    shownVersion.current = entryVersion;
  });

  // A form that follows another of the same entry, at another version, takes up what was typed into that one during
  // or after its save (edits-left-behind); a form leaves it when the save's answer starts the page's form again, or
  // when the page moves on to a new entry's own form. A form that saved nothing leaves nothing behind, nor does one
  // whose changes the person chose to drop (Leave), nor is anything taken up at the version it was left at.
  useLayoutEffect(() => {
    if (entryKey) {
      const { typed, caret } = takeLeftEdits(entryKey, shownVersion.current, getValues());
      for (const [name, value] of typed) {
        setValue(name as Path<TValues>, value as PathValue<TValues, Path<TValues>>, { shouldDirty: true });
      }
      if (caret && typed.length > 0) restoreCaret(caret);
    }
    return () => {
      const to = movingTo.current ?? entryKey;
      const saved = savedAs.current ?? (isSaving.current ? sent.current : undefined);
      if (!to || !saved || isDiscarded.current) return;
      const caret = caretIn((name) => getValues(name as Path<TValues>) !== undefined);
      leaveEdits(to, shownVersion.current, getValues(), saved, caret);
    };
  }, [entryKey, getValues, setValue]);

  const markSaved = useCallback(
    (after: TAfterSave = {}) => {
      // What was just saved becomes what the form compares with (its default values), the fields kept as they are: on
      // a form that stays on its page, typing back what it loaded before the save is a change again, and asked about. A
      // form emptied for the next entry afterwards (reset with its empty values) compares with those. What was saved
      // is what the submit sent: anything typed since is still a change, asked about on leaving, unless the page moves
      // on to the saved entry's own form, which takes it up.
      const saved = sent.current ?? getValues();
      reset(saved, {
        keepValues: true,
        keepErrors: true,
        keepTouched: true,
        keepIsSubmitted: true,
        keepSubmitCount: true,
      });
      savedAs.current = saved;
      movingTo.current = after.movingTo;
      // The guard may be asked before React renders again (a move right after the save): it reads the new state now.
      latest.current.isDirty = !isSameValue(getValues(), saved);
    },
    [getValues, reset],
  );

  const askBeforeClosing = useCallback(
    (close: () => void) => {
      if (guard && guarded.hasUnsavedChanges()) guard.askBeforeClosing(guarded, close);
      else close();
    },
    [guard, guarded],
  );
  return { markSaved, whileSaving, askBeforeClosing };
}
