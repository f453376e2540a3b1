import { useState } from 'react';
import { dropPath } from '../../../lib/drop-paths.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useConsoleDrop } from '../api/get-console-drop.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleNotFound, namesNothingHere } from '../components/console-not-found.tsx';
import { DropStatusBadge } from '../components/drop-status-badge.tsx';
import { useOperator } from '../components/operator-context.ts';
import { PublicationBadge } from '../components/publication-badge.tsx';
import { DeleteDropAction } from '../components/delete-drop-action.tsx';
import { PublishDropAction } from '../components/publish-drop-action.tsx';
import { DropForm } from './drop-form.tsx';
import { PublishedDrop } from './published-drop.tsx';
import dropStyles from '../components/drops.module.css';
import styles from '../components/publication-actions.module.css';
import { BrandSiteLink } from '../components/site-link.tsx';

const back = { to: '/console/drops', label: 'All drops' };

/** `/console/drops/new`: a new drop, with the brand already chosen for a manager of one brand. */
export function NewDrop() {
  const me = useOperator();
  const onlyBrand = !me.isAdmin && me.brands.length === 1 ? me.brands[0] : undefined;
  return (
    <>
      <ConsoleHeader
        back={back}
        title="New drop"
        description="It starts as a draft: only operators see it, and you can change everything until you publish it."
      />
      <DropForm onlyBrand={onlyBrand} />
    </>
  );
}

/**
 * `/console/drops/:id`: a draft opens in the editor with Publish (and Delete) in the header; a published drop is read-only, with
 * its commitment and live counts; a drop being published is read-only too, with the progress of its packs (read again
 * every two seconds until it is published). The form is keyed on `updatedAt`, so after a save it starts from what the
 * API holds.
 */
export function EditDrop({ id }: { id: string }) {
  const drop = useConsoleDrop(id);
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);

  if (drop.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the drop">
        <h1 className="visually-hidden">Loading</h1>
        <Skeleton height="480px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (drop.isError && !drop.data) {
    if (namesNothingHere(drop.error)) {
      return (
        <ConsoleNotFound
          title="This drop is not here"
          body="It does not exist, or it belongs to a brand you do not manage."
        />
      );
    }
    return (
      <ErrorState
        title="We could not load this drop"
        error={drop.error}
        onRetry={() => void drop.refetch()}
        isRetrying={drop.isRefetching}
        titleAs="h1"
      />
    );
  }

  const data = drop.data;
  const isPublished = data.publicationStatus === 'PUBLISHED';
  const isPublishing = data.publicationStatus === 'PUBLISHING';
  return (
    <>
      <ConsoleHeader
        back={back}
        title={data.name}
        description={
          isPublished
            ? `${data.brand.name} · published ${data.publishedAt ? formatDateTimeWithZone(data.publishedAt) : ''}`
            : isPublishing
              ? `${data.brand.name} · being published: only operators see it until every pack is written.`
              : `${data.brand.name} · a draft: only operators see it until it is published.`
        }
        actions={
          <div className={styles.actions}>
            <PublicationBadge status={data.publicationStatus} />
            {isPublished ? (
              <>
                <DropStatusBadge drop={data} />
                {/* Before its visible time the public page answers "not found", to operators too: say when instead. */}
                {data.status === 'NONE' ? (
                  <span className={dropStyles.note}>On show from {formatDateTimeWithZone(data.visibleAt)}</span>
                ) : (
                  <BrandSiteLink to={dropPath(data.id)} brandId={data.brand.id} />
                )}
              </>
            ) : isPublishing ? (
              <DropStatusBadge drop={data} />
            ) : (
              <>
                <DeleteDropAction drop={data} backTo={back.to} />
                <PublishDropAction drop={data} hasUnsavedChanges={hasUnsavedChanges} />
              </>
            )}
          </div>
        }
      />
      {isPublished || isPublishing ? (
        <PublishedDrop drop={data} readAt={drop.dataUpdatedAt} />
      ) : (
        <DropForm drop={data} key={data.updatedAt} onDirtyChange={setHasUnsavedChanges} />
      )}
    </>
  );
}
