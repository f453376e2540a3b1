import {
  formatMoney,
  paymentReviewReasonLabels,
  withdrawalStatusNames,
  ZCurrency,
  type TAuditEntry,
  type TMoney,
} from '@cypher/contract';
import { useCypMinorUnits } from '../../../api/my-balances.ts';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import type { TMoneyFormat } from './ledger-labels.ts';
import styles from './audit-diff.module.css';

type TRecord = Record<string, unknown>;

function asRecord(value: unknown): TRecord | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as TRecord) : null;
}

// A moment as the API writes one (`2026-12-06T03:31:34.171Z`). A bare date (an attendance day) has no time or zone to
// show, so it reads as written.
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isDateTime(value: string): boolean {
  return isoDateTime.test(value) && !Number.isNaN(Date.parse(value));
}

/** Money as the API writes it, and nothing more: a record that also says whose or which account lists its fields. */
function isMoney(record: TRecord): record is TMoney {
  const keys = Object.keys(record);
  return keys.length === 2 && Number.isSafeInteger(record['amount']) && ZCurrency.safeParse(record['currency']).success;
}

const referenceKeys = new Set(['id', 'slug', 'name', 'title', 'nickname', 'email']);

/**
 * A reference to another entry or person (`{ id, slug, name }`) reads as its name. Only a bare reference: a record
 * with more to it (a round with its price) lists its fields, or a change to them would show the same name twice.
 */
function referenceName(record: TRecord): string | undefined {
  if (!Object.keys(record).every((key) => referenceKeys.has(key))) return undefined;
  const name = record['name'] ?? record['title'] ?? record['nickname'] ?? record['email'];
  return typeof name === 'string' && name ? name : undefined;
}

/**
 * Whether a value reads in a few words without commas of its own (a name, an amount), so that several share a line
 * between commas. A time has commas ("Dec 6, 2026, 3:30 AM UTC"), so times are listed apart.
 */
function isShort(value: unknown): boolean {
  if (typeof value === 'string') return !isDateTime(value);
  const record = asRecord(value);
  return record ? isMoney(record) || referenceName(record) !== undefined : !Array.isArray(value);
}

/**
 * A value as the table shows it, as the console writes it elsewhere: times with their zone, money in its unit, counts
 * with separators, yes or no. Nothing (absent, null, an empty list) is a dash. A record lists its fields a line each;
 * inside a list or another record, on one line, and deeper in brackets (`depth` says how far in).
 */
function show(value: unknown, formatAmount: TMoneyFormat, depth = 0): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return isDateTime(value) ? formatDateTimeWithZone(value) : value || '—';
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const items = value.map((item) => show(item, formatAmount, depth + 1));
    if (value.every(isShort)) return items.join(', ');
    return items.join(depth === 0 ? '\n' : '; ');
  }
  const record = asRecord(value);
  if (!record) return String(value);
  if (isMoney(record)) return formatAmount(record);
  const name = referenceName(record);
  if (name !== undefined) return name;
  const fields = Object.entries(record).map(
    ([field, fieldValue]) => `${fieldLabel(field)}: ${show(fieldValue, formatAmount, depth + 1)}`,
  );
  if (fields.length === 0) return '—';
  if (depth === 0) return fields.join('\n');
  return depth === 1 ? fields.join(' · ') : `(${fields.join(' · ')})`;
}

/** `failureReason` or `ticket_kind_id` -> "Failure reason", "Ticket kind id": a record's key in the console's words. */
function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The codes some entries record, in the words the console shows them elsewhere ("Submitted", "Paid a different
 * amount"), by the entry's type and field: read raw, "submitted → rejected" was the only place they looked so.
 */
const valueWords: Partial<Record<TAuditEntry['entityType'], Record<string, Record<string, string>>>> = {
  withdrawal: { status: withdrawalStatusNames },
  payment_event: { reason: paymentReviewReasonLabels },
};

function inWords(value: unknown, words: Record<string, string> | undefined): unknown {
  return typeof value === 'string' && words?.[value] ? words[value] : value;
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
export function AuditDiff({
  before,
  after,
  entityType,
}: {
  before: unknown;
  after: unknown;
  entityType?: TAuditEntry['entityType'];
}) {
  // CYP amounts at the server's decimals (CYP_MINOR_UNITS), as the ledger writes them.
  const cypMinorUnits = useCypMinorUnits();
  const formatAmount: TMoneyFormat = (money) => formatMoney(money, { cypMinorUnits });
  const fieldWords = entityType ? valueWords[entityType] : undefined;
  const changes = diffFields(before, after).map((change) => ({
    ...change,
    before: inWords(change.before, fieldWords?.[change.field]),
    after: inWords(change.after, fieldWords?.[change.field]),
  }));
  const changed = changes.filter((change) => change.isChanged);
  const unchanged = changes.filter((change) => !change.isChanged);
  if (changes.length === 0) {
    const recorded = after ?? before;
    return (
      <pre className={styles.raw}>
        {recorded === null || recorded === undefined ? 'No details were recorded.' : show(recorded, formatAmount)}
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
                <pre>{show(change.before, formatAmount)}</pre>
              </td>
              <td className={styles.after}>
                <pre>{show(change.after, formatAmount)}</pre>
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
                  <pre>{show(change.after, formatAmount)}</pre>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
