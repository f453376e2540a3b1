import type { TOperatorGrant } from '@cypher/contract';
import { useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useOperatorGrants } from '../api/list-operator-grants.ts';
import { useRevokeOperatorRole } from '../api/revoke-operator-role.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText } from '../components/name-cell.tsx';
import { useOperator } from '../components/operator-context.ts';
import { PagedEntries } from '../components/paged-entries.tsx';
import { GrantOperatorForm } from './grant-operator-form.tsx';

function RevokeDialog({ grant, onClose }: { grant: TOperatorGrant | undefined; onClose: () => void }) {
  const revoke = useRevokeOperatorRole();
  const { showToast } = useToast();
  const role = grant?.role === 'admin' ? 'admin' : `brand manager of ${grant?.brand?.name ?? 'a brand'}`;
  async function confirm() {
    if (!grant) return;
    try {
      await revoke.mutateAsync(grant.id);
      showToast({ tone: 'success', title: `${grant.user.email} is no longer ${role}` });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  }
  return (
    <Dialog
      isOpen={grant !== undefined}
      onClose={onClose}
      isBusy={revoke.isPending}
      title="Revoke this role?"
      description={grant ? `${grant.user.email} stops being ${role} at once.` : undefined}
      footer={
        <>
          <Button onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} isLoading={revoke.isPending}>
            Revoke
          </Button>
        </>
      }
    >
      {revoke.isError ? <Alert tone="error">{revoke.error.message}</Alert> : null}
    </Dialog>
  );
}

/** `/console/operators` (admins): who may use the console, granting and revoking roles. */
export function OperatorsSection() {
  const me = useOperator();
  const { page } = useUrlFilters();
  const grants = useOperatorGrants(page);
  const [revoking, setRevoking] = useState<TOperatorGrant>();

  const columns: EntryColumn<TOperatorGrant>[] = [
    { id: 'who', header: 'Person', cell: (grant) => grant.user.nickname ?? grant.user.email },
    { id: 'email', header: 'Email', isSecondary: true, cell: (grant) => <MutedText>{grant.user.email}</MutedText> },
    {
      id: 'role',
      header: 'Role',
      cell: (grant) =>
        grant.role === 'admin' ? (
          <Badge tone="accent">Admin</Badge>
        ) : (
          // The brand beside the badge, not in it: on a phone it goes under it, where a pill of both ran past the edge.
          <>
            <Badge>Manager</Badge> <MutedText>{grant.brand?.name ?? '—'}</MutedText>
          </>
        ),
    },
    {
      id: 'since',
      header: 'Since',
      isSecondary: true,
      cell: (grant) => <MutedText>{formatDate(grant.createdAt)}</MutedText>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (grant) =>
        // Revoking one's own admin role from here would lock the last admin out by accident.
        grant.user.id === me.userId && grant.role === 'admin' ? (
          <MutedText>You</MutedText>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setRevoking(grant)}
            aria-label={`Revoke ${grant.user.email}`}
          >
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <>
      <ConsoleHeader
        title="Operators"
        description="Admins can do everything; brand managers look after the brands assigned to them."
      />
      <GrantOperatorForm />
      <PagedEntries
        query={grants}
        noun="operators"
        caption="Operators"
        pagesLabel="Operator pages"
        columns={columns}
        empty={{ icon: 'users', title: 'No operators yet', body: 'Add one with the form above.' }}
        skeletonRows={2}
      />
      <RevokeDialog grant={revoking} onClose={() => setRevoking(undefined)} />
    </>
  );
}
