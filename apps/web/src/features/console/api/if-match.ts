/**
 * The `If-Match` of an edit made from the entry as loaded (`updatedAt`, its version): the API refuses it with
 * ENTRY_CHANGED when someone has changed the entry since, rather than letting one operator's save replace another's
 * (the API's http/entry-version.ts). The forms are keyed on what they load, so the entry a form shows is the version
 * its values came from.
 */
export function ifMatchHeaders(version: string | undefined): Record<string, string> {
  return version ? { 'If-Match': `"${version}"` } : {};
}
