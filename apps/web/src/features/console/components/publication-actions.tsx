import type { TPublicationStatus } from '@cypher/contract';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { usePageHasUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { useToast } from '../../../ui/use-toast.ts';
import { useChangePublication } from '../api/change-publication.ts';
import type { TPublishableResource } from '../api/console-resources.ts';
import { PublicationBadge } from './publication-badge.tsx';
import { SiteLink, type TNotOnSite } from './site-link.tsx';
import styles from './publication-actions.module.css';

interface PublicationActionsProps {
  resource: TPublishableResource;
  entry: { id: string; status: TPublicationStatus };
  /** "brand", "product": for the dialog's words. */
  singular: string;
  name: string;
  /** Where the public sees this entry, once published. */
  sitePath: string;
  /** What else must be published for the public to see it (a product needs its brand and collection). */
  visibilityNote?: string;
  /** Whether the entry, though published, is not on the site, and why; absent, "View on site" is offered. */
  notOnSite?: TNotOnSite;
}

/**
 * The entry's status, "View on site" once it is public, and publish / unpublish behind a confirmation: both change
 * what every visitor sees at once. A refusal stays in the dialog with what its `details` name (an unpublish refused
 * while a live drop or fusion uses the entry names each).
 */
export function PublicationActions({
  resource,
  entry,
  singular,
  name,
  sitePath,
  visibilityNote,
  notOnSite = { isKnown: true, reason: null },
}: PublicationActionsProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  // Asked when the dialog opens: the form below starts again from what is saved once the status changes, so typing not
  // saved would be gone without a word (a review lost a brand's edits so).
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  const pageHasUnsavedChanges = usePageHasUnsavedChanges();
  const change = useChangePublication(resource, entry.id);
  const { showToast } = useToast();
  const isPublished = entry.status === 'PUBLISHED';
  const action = isPublished ? 'unpublish' : 'publish';
  const details = isApiError(change.error) ? (change.error.details ?? []) : [];

  async function confirm() {
    try {
      await change.mutateAsync(action);
      setIsConfirming(false);
      showToast({ tone: 'success', title: isPublished ? `${name} is a draft again` : `${name} is published` });
    } catch {
      // The dialog stays open and shows the message (change.error).
    }
  }

  return (
    <div className={styles.actions}>
      <PublicationBadge status={entry.status} />
      {isPublished ? <SiteLink to={sitePath} notOnSite={notOnSite} /> : null}
      <Button
        variant={isPublished ? 'secondary' : 'primary'}
        onClick={() => {
          // A refusal from the last time the dialog was open may no longer hold (the drop using it has ended).
          change.reset();
          setHasUnsavedChanges(pageHasUnsavedChanges());
          setIsConfirming(true);
        }}
      >
        {isPublished ? 'Unpublish' : 'Publish'}
      </Button>
      <Dialog
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        isBusy={change.isPending}
        title={isPublished ? `Unpublish this ${singular}?` : `Publish this ${singular}?`}
        description={
          isPublished
            ? `“${name}” goes back to draft and disappears from the site at once.`
            : `“${name}” becomes visible to every visitor.${visibilityNote ? ` ${visibilityNote}` : ''}`
        }
        footer={
          <>
            <Button onClick={() => setIsConfirming(false)} disabled={change.isPending}>
              Cancel
            </Button>
            <Button
              variant={isPublished ? 'danger' : 'primary'}
              onClick={() => void confirm()}
              isLoading={change.isPending}
              disabled={hasUnsavedChanges}
            >
              {isPublished ? 'Unpublish' : 'Publish'}
            </Button>
          </>
        }
      >
        {hasUnsavedChanges ? (
          <Alert tone="error">{`Save your changes first: ${action}ing takes it as it was last saved.`}</Alert>
        ) : null}
        {change.isError ? (
          details.length > 0 ? (
            <Alert tone="error" title={change.error.message}>
              <ul>
                {details.map((detail) => (
                  <li key={`${detail.field}-${detail.message}`}>{detail.message}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <Alert tone="error">{change.error.message}</Alert>
          )
        ) : null}
      </Dialog>
    </div>
  );
}
