import type { TAuditEntityType } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordAudit } from './record-audit.ts';

/*
 * Route: none of its own; the console's edit routes run through it (PATCH of brands, licenses, collections, products,
 * banners, categories, tags, ticket kinds, figure bases, passes; PUT of drops, fusions and attendance calendars) · Writes:
 * audit_log (and whatever the edit writes, in the same transaction) · Reads: nothing of its own · Tests:
 * console-writes.test.ts, passes.test.ts, tickets-console.test.ts, figure-bases-console.test.ts,
 * fusion-publication.test.ts, attendance.test.ts.
 */

export interface EditedEntry<T> {
  /** The entry as the console saw it before the edit, in the same view as `after`. */
  before: T;
  after: T;
}

/** How an entry is kept in its audit row, when that is not the view the edit answers (a drop's). */
export interface AuditView<T> {
  /** What the audit row keeps of the entry. */
  view: (entry: T) => unknown;
  /**
   * What two views are compared as to find an edit that changed nothing, beyond leaving out `updatedAt`: without what
   * a replacing write renews though nothing changed (the ids of a draft drop's rounds, written anew on each save).
   */
  comparedAs?: (view: unknown) => unknown;
}

export interface EditAudit {
  /** Null for changes made from the command line. */
  actorUserId: string | null;
  entityType: TAuditEntityType;
  entityId: string;
  at: Date;
}

/** The edit found nothing to change; thrown to roll its transaction back, caught by inAuditedEdit. */
class NothingChanged<T> {
  constructor(readonly entry: T) {}
}

/**
 * A console edit in one transaction with its audit row, for a form saved as it was loaded too: an edit whose entry
 * reads the same afterwards, but for `updatedAt`, changed nothing, so it neither moves `updatedAt` (the version a
 * console form sends back, and "last edited" in lists) nor writes an audit row saying nothing. The edit still runs
 * whole, its checks and refusals included, so a no-op answers exactly as the same edit with a change would; only
 * then is its transaction rolled back and the entry answered as it was. `before` and `after` must be the same view
 * of the entry: a change the view does not show is not audited either.
 */
export async function inAuditedEdit<T>(
  db: Db,
  audit: EditAudit,
  edit: (tx: Db) => Promise<EditedEntry<T>>,
  { view = (entry) => entry, comparedAs = (kept) => kept }: Partial<AuditView<T>> = {},
): Promise<T> {
  try {
    return await inTransaction(db, async (tx) => {
      const { before, after } = await edit(tx);
      const kept = { before: view(before), after: view(after) };
      if (readsTheSame(comparedAs(kept.before), comparedAs(kept.after))) throw new NothingChanged(before);
      await recordAudit(tx, { ...audit, action: 'update', ...kept });
      return after;
    });
  } catch (error) {
    if (error instanceof NothingChanged) return error.entry as T;
    throw error;
  }
}

/** Compared as the audit log stores them (JSON), leaving out the entry's own `updatedAt`, which every write moves. */
function readsTheSame(before: unknown, after: unknown): boolean {
  return JSON.stringify(withoutUpdatedAt(before)) === JSON.stringify(withoutUpdatedAt(after));
}

function withoutUpdatedAt(entry: unknown): unknown {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const { updatedAt: _updatedAt, ...rest } = entry as Record<string, unknown>;
  return rest;
}
