import styles from './audit-diff.module.css';

type TRecord = Record<string, unknown>;

function asRecord(value: unknown): TRecord | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as TRecord) : null;
}

/** A value as the table shows it; nothing (absent or null) is a dash. */
function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value || '—';
  return JSON.stringify(value, null, 2);
}

/** `failureReason` or `ticket_kind_id` -> "Failure reason", "Ticket kind id": a record's key in the console's words. */
function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Compared by their JSON, with a field absent and a field set to null both meaning nothing. */
function sameValue(before: unknown, after: unknown): boolean {
  return JSON.stringify(before ?? null) === JSON.stringify(after ?? null);
}

export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
  isChanged: boolean;
}

/** Every field of either side, changed ones first. */
function diffFields(before: unknown, after: unknown): AuditFieldChange[] {
  const from = asRecord(before) ?? {};
  const to = asRecord(after) ?? {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .map((field) => ({
      field,
      before: from[field],
      after: to[field],
      isChanged: !sameValue(from[field], to[field]),
    }))
    .sort((a, b) => Number(b.isChanged) - Number(a.isChanged));
}

/** Before and after, field by field: what changed stands out; the rest folds away under "unchanged". */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = diffFields(before, after);
  const changed = changes.filter((change) => change.isChanged);
  const unchanged = changes.filter((change) => !change.isChanged);
  if (changes.length === 0) {
    const recorded = after ?? before;
    return (
      <pre className={styles.raw}>
        {recorded === null || recorded === undefined ? 'No details were recorded.' : show(recorded)}
      </pre>
    );
  }
  return (
    <div className={styles.diff}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changed.map((change) => (
            <tr key={change.field}>
              <th scope="row">{fieldLabel(change.field)}</th>
              <td className={styles.before}>
                <pre>{show(change.before)}</pre>
              </td>
              <td className={styles.after}>
                <pre>{show(change.after)}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {unchanged.length > 0 ? (
        <details className={styles.unchanged}>
          <summary>
            {unchanged.length} unchanged {unchanged.length === 1 ? 'field' : 'fields'}
          </summary>
          <dl className={styles.list}>
            {unchanged.map((change) => (
              <div key={change.field}>
                <dt>{fieldLabel(change.field)}</dt>
                <dd>
                  <pre>{show(change.after)}</pre>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
