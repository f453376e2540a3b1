import { auditEntityTypes, ZOperatorRole, type TAuditAction, type TAuditEntry } from '@cypher/contract';
import { z } from 'zod';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Badge } from '../../../ui/badge.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../../ui/past-last-page.tsx';
import { scrollEdgesClassName, useScrollEdges } from '../../../ui/scroll-edges.ts';
import { Select } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useAuditLog } from '../api/list-audit-log.ts';
import { AuditDiff } from '../components/audit-diff.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/audit-log.module.css';

const PAGE_SIZE = 25;

// The console section that edits each kind of entry, for a link from the log to the entry.
const sectionOf: Partial<Record<TAuditEntry['entityType'], string>> = {
  brand: 'brands',
  license: 'licenses',
  collection: 'collections',
  product: 'products',
  category: 'categories',
  tag: 'tags',
  banner: 'banners',
  drop: 'drops',
  pass: 'passes',
  fusion: 'fusions',
  figure_base: 'figure-bases',
  ticket_kind: 'ticket-kinds',
  redeem_batch: 'redeem-batches',
  airdrop: 'airdrops',
  withdrawal: 'withdrawals',
  attendance_calendar: 'attendance-calendars',
};

/**
 * Where an entry's link goes: the entry's own page; for a held payment (no page of its own) the resolved list; for a
 * raffle, its round on its drop's page.
 */
function hrefOf(entry: TAuditEntry): string | undefined {
  if (entry.entityType === 'payment_event') return '/console/payment-reviews?state=resolved';
  if (entry.entityType === 'raffle_round') {
    return entry.entityParentId ? `/console/drops/${entry.entityParentId}#round-access-${entry.entityId}` : undefined;
  }
  const section = sectionOf[entry.entityType];
  return section ? `/console/${section}/${entry.entityId}` : undefined;
}

// What was done, as the console's other badges say it ("Published"), not the code it is stored under.
const actionLabels: Record<TAuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  publish: 'Published',
  unpublish: 'Unpublished',
  upload: 'Uploaded',
  grant: 'Granted',
  revoke: 'Revoked',
  review: 'Reviewed',
  approve: 'Approved',
  reject: 'Rejected',
  mark_paid: 'Marked paid',
  mark_failed: 'Marked failed',
  delete: 'Deleted',
  export: 'Exported',
  resolve: 'Resolved',
  close: 'Closed',
};

/** `edition_pool` -> "Edition pool". */
function entityTypeLabel(type: TAuditEntry['entityType']): string {
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function ActionBadge({ action }: { action: TAuditEntry['action'] }) {
  const tone = action === 'publish' ? 'success' : action === 'unpublish' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{actionLabels[action]}</Badge>;
}

function EntityCell({ entry }: { entry: TAuditEntry }) {
  const href = hrefOf(entry);
  const name = entry.entityName ?? describe(entry.after) ?? describe(entry.before) ?? entry.entityId;
  return (
    <span className={styles.entity}>
      <span className={styles.type}>{entityTypeLabel(entry.entityType)}</span>
      {href ? <Link to={href}>{name}</Link> : <span>{name}</span>}
    </span>
  );
}

/** Who made the change: the operator's nickname (or address), or the command line. */
function actorName(entry: TAuditEntry): string {
  return entry.actor ? (entry.actor.nickname ?? entry.actor.email) : 'Command line';
}

/** What an operator grant's record says of it (ZOperatorGrant's parts that name it), in records old and new. */
const ZRecordedGrant = z.object({
  user: z.object({ email: z.string() }),
  role: ZOperatorRole,
  brand: z.object({ name: z.string() }).nullable(),
});

function describe(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  // A role records whose it is and what it lets them do, not a name: "ada@example.com · Brand manager of Neon Arcade".
  const grant = ZRecordedGrant.safeParse(value);
  if (grant.success) {
    const { user, role, brand } = grant.data;
    return `${user.email} · ${role === 'admin' ? 'Admin' : `Brand manager of ${brand?.name ?? 'a brand'}`}`;
  }
  const record = value as Record<string, unknown>;
  const name = record['name'] ?? record['title'] ?? record['url'];
  return typeof name === 'string' ? name : undefined;
}

/** `/console/audit-log` (admins): who changed what and when, newest first; each row opens its before and after. */
export function AuditLogSection() {
  const typeId = useId();
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const entityType = oneOf(get('type'), auditEntityTypes);
  const log = useAuditLog({ entityType, page, size: PAGE_SIZE });
  const [openId, setOpenId] = useState<string>();
  const scrollRef = useScrollEdges<HTMLDivElement>();

  return (
    <>
      <ConsoleHeader
        title="Audit log"
        description="Every console change: who made it, when, and the entry before and after."
      />
      <div className={listStyles.toolbar}>
        <div className={listStyles.filter}>
          <label htmlFor={typeId} className={listStyles.filterLabel}>
            Kind
          </label>
          <Select id={typeId} value={entityType ?? ''} onChange={(event) => setFilters({ type: event.target.value })}>
            <option value="">Everything</option>
            {auditEntityTypes.map((type) => (
              <option key={type} value={type}>
                {entityTypeLabel(type)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {log.isPending ? (
        <div role="status" className={listStyles.loading} aria-busy="true" aria-label="Loading the audit log">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="52px" radius="var(--radius-md)" />
          ))}
        </div>
      ) : log.isError && !log.data ? (
        <ErrorState
          title="We could not load the audit log"
          error={log.error}
          onRetry={() => void log.refetch()}
          isRetrying={log.isRefetching}
        />
      ) : isPastLastPage(log.data) ? (
        <PastLastPage
          icon="clock"
          total={log.data.total}
          size={log.data.size}
          hrefFor={(last) => hrefFor({ page: last })}
          what={entityType ? 'The changes of this kind' : 'The changes'}
        />
      ) : log.data.items.length === 0 ? (
        <EmptyState
          icon="clock"
          title="No changes yet"
          body="Changes made in the console are recorded here as they happen."
        />
      ) : (
        <>
          <div
            ref={scrollRef}
            className={`${styles.wrapper} ${scrollEdgesClassName({ withScrollbar: true })}`}
            data-refreshing={log.isPlaceholderData || undefined}
          >
            {/* Busy while another page or kind is read, as the console's other tables say it. */}
            <table className={styles.table} aria-busy={log.isPlaceholderData || undefined}>
              <caption className="visually-hidden">Audit log</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col" className={styles.who}>
                    Who
                  </th>
                  <th scope="col" className={styles.action}>
                    Action
                  </th>
                  <th scope="col">What</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => {
                  const isOpen = openId === entry.id;
                  const detailsId = `audit-${entry.id}`;
                  return (
                    <Fragment key={entry.id}>
                      <tr>
                        <td className={styles.when}>
                          <time dateTime={entry.createdAt}>{formatDateTimeWithZone(entry.createdAt)}</time>
                          <span className={styles.whoUnderWhen}>{actorName(entry)}</span>
                        </td>
                        <td className={styles.who}>{actorName(entry)}</td>
                        <td className={styles.action}>
                          <ActionBadge action={entry.action} />
                        </td>
                        <td>
                          <span className={styles.actionAboveWhat}>
                            <ActionBadge action={entry.action} />
                          </span>
                          <EntityCell entry={entry} />
                        </td>
                        <td className={styles.toggleCell}>
                          <button
                            type="button"
                            className={styles.toggle}
                            aria-expanded={isOpen}
                            aria-controls={detailsId}
                            onClick={() => setOpenId(isOpen ? undefined : entry.id)}
                          >
                            <span className={styles.toggleLabel}>{isOpen ? 'Hide' : 'Changes'}</span>
                            <Icon name="chevron-down" size={16} className={isOpen ? styles.chevronOpen : undefined} />
                          </button>
                        </td>
                      </tr>
                      {isOpen ? (
                        <tr id={detailsId} className={styles.detailsRow}>
                          <td colSpan={5}>
                            <AuditDiff before={entry.before} after={entry.after} entityType={entry.entityType} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            page={log.data.page}
            size={log.data.size}
            total={log.data.total}
            hrefFor={(next) => hrefFor({ page: next })}
            label="Audit log pages"
          />
        </>
      )}
    </>
  );
}
