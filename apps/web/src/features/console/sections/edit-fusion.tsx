import { fusionMessages, fusionStatusAt } from '@cypher/contract';
import { useState } from 'react';
import { fusionPath } from '../../../lib/fusion-paths.ts';
import { useNowAt } from '../../../lib/use-now-at.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useConsoleFusion } from '../api/get-console-fusion.ts';
import { CloseFusionAction } from '../components/close-fusion-action.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { DeleteFusionAction } from '../components/delete-fusion-action.tsx';
import { PublishFusionAction } from '../components/publish-fusion-action.tsx';
import { ConsoleNotFound, namesNothingHere } from '../components/console-not-found.tsx';
import { useOperator } from '../components/operator-context.ts';
import { fusionFormValues } from '../fusion-form-values.ts';
import { FusionForm } from './fusion-form.tsx';
import { FusionStatusBadges, madeSummary } from './fusions-section.tsx';
import publicationStyles from '../components/publication-actions.module.css';
import { BrandSiteLink } from '../components/site-link.tsx';

const back = { to: '/console/fusions', label: 'All fusions' };

/** Who sees a fusion: a new one is a draft (decision record 50); published, collectors see it while its brand is. */
const fusionVisibilityNote = 'A new fusion is a draft: only operators see it until it is published.';

/** `/console/fusions/new`: a new fusion, with the brand already chosen for a manager of one brand. */
export function NewFusion() {
  const me = useOperator();
  const onlyBrand = !me.isAdmin && me.brands.length === 1 ? me.brands[0] : undefined;
  return (
    <>
      <ConsoleHeader back={back} title="New fusion" description={fusionVisibilityNote} />
      <FusionForm onlyBrand={onlyBrand} />
    </>
  );
}

/**
 * `/console/fusions/:id`: Draft or Published and the fusion's standing in the header, with Publish and Delete draft for
 * a draft, "View on site" once published and Close now while it is open; the form below. A draft changes freely; once
 * a published one has begun the form shows it as it is, with nothing to save, from the moment it begins. The form is keyed on what it edits, so
 * after a save (or a publish) it starts again from what the API now holds.
 */
export function EditFusion({ id }: { id: string }) {
  const fusion = useConsoleFusion(id);
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  // The page turns as the fusion opens (the form becomes read-only) and ends (Close now goes), left open or not.
  const now = useNowAt([fusion.data?.beginAt ?? null, fusion.data?.endAt ?? null]);

  if (fusion.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the fusion">
        <h1 className="visually-hidden">Loading</h1>
        <Skeleton height="480px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (fusion.isError && !fusion.data) {
    if (namesNothingHere(fusion.error)) {
      return (
        <ConsoleNotFound
          title="This fusion is not here"
          body="It does not exist, or it belongs to a brand you do not manage."
        />
      );
    }
    return (
      <ErrorState
        title="We could not load this fusion"
        error={fusion.error}
        onRetry={() => void fusion.refetch()}
        isRetrying={fusion.isRefetching}
        titleAs="h1"
      />
    );
  }

  const data = fusion.data;
  const isDraft = data.publicationStatus === 'DRAFT';
  const status = fusionStatusAt(data, now);
  const isReadOnly = !isDraft && status !== 'UPCOMING';
  return (
    <>
      <ConsoleHeader
        back={back}
        title={data.name}
        description={
          isDraft
            ? `${data.brand.name} · a draft: only operators see it until it is published. ${madeSummary(data)}.`
            : `${data.brand.name} · ${madeSummary(data)}`
        }
        actions={
          <div className={publicationStyles.actions}>
            <FusionStatusBadges fusion={data} />
            {isDraft ? (
              <>
                <DeleteFusionAction fusion={data} backTo={back.to} />
                <PublishFusionAction fusion={data} hasUnsavedChanges={hasUnsavedChanges} />
              </>
            ) : (
              <>
                <BrandSiteLink to={fusionPath(data.id)} brandId={data.brand.id} />
                {status === 'AVAILABLE' ? <CloseFusionAction fusion={data} /> : null}
              </>
            )}
          </div>
        }
      />
      {isReadOnly ? <Alert tone="info">{fusionMessages.startedIsFinal}</Alert> : null}
      <FusionForm
        fusion={data}
        isReadOnly={isReadOnly}
        onDirtyChange={setHasUnsavedChanges}
        key={`${data.publicationStatus}:${JSON.stringify(fusionFormValues(data))}`}
      />
    </>
  );
}
