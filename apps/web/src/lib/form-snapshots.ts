/**
 * A form's values held as they were at one moment, and compared with others: what a save sent, against what the form
 * holds when the answer comes. Plain objects and arrays are copied all the way down, since react-hook-form changes a
 * nested field (a round's price) in place; anything else (a File being uploaded) is kept as it is.
 */
export function snapshotOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => snapshotOf(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, snapshotOf(item)])) as T;
  }
  return value;
}

/** Whether two form values are the same: plain objects and arrays by what they hold, anything else by identity. */
export function isSameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => isSameValue(item, right[index]));
  }
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => isSameValue(left[key], right[key]));
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
