import { isSameValue, snapshotOf } from '../lib/form-snapshots.ts';
import { sessionGeneration } from '../lib/session.ts';

/**
 * What is typed into a form while its save is on its way, carried to the form that follows for the same entry. A
 * console entry's page starts its form again from each version the API answers (the form is keyed on `updatedAt`), and
 * a new entry opens on its own page once created: without this, the old form took what was typed since the submit
 * with it. The form that goes leaves those fields here (useUnsavedChanges); the one that comes takes them up, each
 * where the entry as answered still holds what the submit sent, so a field someone else changed meanwhile shows as
 * they left it.
 */
interface TLeftEdits {
  /** The version the form that went was made from: undefined for a new entry. */
  version: string | undefined;
  /** The session they were typed in: another person signing in on this tab gets none of them. */
  session: number;
  typed: Record<string, unknown>;
  sent: Record<string, unknown>;
  /** The text field being typed into as the form went, and where in it: the next form puts the caret back there. */
  caret: TCaret | undefined;
}

export interface TCaret {
  name: string;
  start: number | null;
  end: number | null;
}

/** The text field being typed into, if `isField` says it is one of the form's, and where the caret is in it. */
export function caretIn(isField: (name: string) => boolean): TCaret | undefined {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !field.name) return undefined;
  if (!isField(field.name)) return undefined;
  return { name: field.name, start: field.selectionStart, end: field.selectionEnd };
}

/**
 * Puts the caret back where it was, in the new form's field of that name, once the page has drawn it: typing goes on
 * where it was. After the current task, since a row list (a drop's rounds) draws its rows again after the values are
 * set, and the field found now would be gone by then.
 */
export function restoreCaret(caret: TCaret): void {
  setTimeout(() => {
    // A text field of that name: the page's <meta name="description"> shares a form's "description".
    const name = CSS.escape(caret.name);
    const field = document.querySelector(`input[name="${name}"], textarea[name="${name}"]`);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    field.focus();
    try {
      field.setSelectionRange(caret.start, caret.end);
    } catch {
      // A field without a caret (an email or number input in some browsers): focused is enough.
    }
  });
}

/** A saved entry as forms name it here: its kind and id, "brands/{id}". */
export function entryKey(kind: string, id: string): string {
  return `${kind}/${id}`;
}

const leftBehind = new Map<string, TLeftEdits>();

// The next form comes at once after a save, or once a new entry's page has loaded it; none comes after that.
const KEPT_FOR_MS = 60_000;

/** Leaves the fields that differ from what the save sent, for the next form of `entry` ("brands/{id}"). */
export function leaveEdits(
  entry: string,
  version: string | undefined,
  values: Record<string, unknown>,
  sent: Record<string, unknown>,
  caret?: TCaret,
): void {
  const typed = Object.entries(values).filter(([name, value]) => !isSameValue(value, sent[name]));
  if (typed.length === 0) return;
  const left = { version, session: sessionGeneration(), typed: snapshotOf(Object.fromEntries(typed)), sent, caret };
  leftBehind.set(entry, left);
  setTimeout(() => {
    if (leftBehind.get(entry) === left) leftBehind.delete(entry);
  }, KEPT_FOR_MS);
}

/**
 * The fields left for `entry`, once, by a form of another version than `version` (this one's), in this session: those
 * whose value in the entry as loaded is still what the save sent.
 */
export function takeLeftEdits(
  entry: string,
  version: string | undefined,
  loaded: Record<string, unknown>,
): { typed: Array<[name: string, value: unknown]>; caret: TCaret | undefined } {
  const left = leftBehind.get(entry);
  leftBehind.delete(entry);
  if (!left || left.version === version || left.session !== sessionGeneration()) return { typed: [], caret: undefined };
  const typed = Object.entries(left.typed).filter(([name]) => isSameValue(loaded[name], left.sent[name]));
  return { typed, caret: left.caret };
}
