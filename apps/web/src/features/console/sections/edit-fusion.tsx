import { fusionMessages, fusionStatusAt } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { fusionPath } from '../../../lib/fusion-paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useConsoleFusion } from '../api/get-console-fusion.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleNotFound } from '../components/console-not-found.tsx';
import { useOperator } from '../components/operator-context.ts';
import { fusionFormValues } from '../fusion-form-values.ts';
import { FusionForm } from './fusion-form.tsx';
import { FusionStatusBadges, madeSummary } from './fusions-section.tsx';
import publicationStyles from '../components/publication-actions.module.css';

const back = { to: '/console/fusions', label: 'All fusions' };

/** Who sees a fusion: it has no draft of its own, so collectors see it (coming up) while its brand is published. */
const fusionVisibilityNote = 'Collectors see it, as coming up, as soon as it is made, while its brand is published.';

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
 * `/console/fusions/:id`: the fusion's standing and "View on site" in the header, the form below; once it has begun
 * the form shows it as it is, with nothing to save. The form is keyed on what it edits, so after a save it starts
 * again from what the API now holds.
 */
export function EditFusion({ id }: { id: string }) {
  const fusion = useConsoleFusion(id);

  if (fusion.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the fusion">
        <h1 className="visually-hidden">Loading</h1>
        <Skeleton height="480px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (fusion.isError && !fusion.data) {
    if (isApiError(fusion.error) && (fusion.error.status === 404 || fusion.error.status === 403)) {
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
  const hasBegun = fusionStatusAt(data, new Date()) !== 'UPCOMING';
  return (
    <>
      <ConsoleHeader
        back={back}
        title={data.name}
        description={`${data.brand.name} · ${madeSummary(data)}`}
        actions={
          <div className={publicationStyles.actions}>
            <FusionStatusBadges fusion={data} />
            <ButtonLink to={fusionPath(data.id)} variant="ghost">
              <Icon name="external" size={16} />
              View on site
            </ButtonLink>
          </div>
        }
      />
      {hasBegun ? <Alert tone="info">{fusionMessages.startedIsFinal}</Alert> : null}
      <FusionForm fusion={data} isReadOnly={hasBegun} key={JSON.stringify(fusionFormValues(data))} />
    </>
  );
}
