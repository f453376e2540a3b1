import { isSameValue, snapshotOf } from '../lib/form-snapshots.ts';

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
  typed: Record<string, unknown>;
  sent: Record<string, unknown>;
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
): void {
  const typed = Object.entries(values).filter(([name, value]) => !isSameValue(value, sent[name]));
  if (typed.length === 0) return;
  const left = { version, typed: snapshotOf(Object.fromEntries(typed)), sent };
  leftBehind.set(entry, left);
  setTimeout(() => {
    if (leftBehind.get(entry) === left) leftBehind.delete(entry);
  }, KEPT_FOR_MS);
}

/**
 * The fields left for `entry`, once, by a form of another version than `version` (this one's): those whose value in
 * the entry as loaded is still what the save sent.
 */
export function takeLeftEdits(
  entry: string,
  version: string | undefined,
  loaded: Record<string, unknown>,
): Array<[name: string, value: unknown]> {
  const left = leftBehind.get(entry);
  leftBehind.delete(entry);
  if (!left || left.version === version) return [];
  return Object.entries(left.typed).filter(([name]) => isSameValue(loaded[name], left.sent[name]));
}
