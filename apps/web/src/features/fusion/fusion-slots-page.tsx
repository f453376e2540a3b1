import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { isFinalRefusal } from '../../api/api-error.ts';
import {
  fusionSlotsPageMeta,
  fusionStatusAt,
  type TFuseRequest,
  type TFusion,
  type TFusionMaterial,
  type TFusionRun,
} from '@cypher/contract';
import { formatCount } from '../../lib/format.ts';
import { fusionPath } from '../../lib/fusion-paths.ts';
import { latestSearchParams } from '../../lib/navigator.ts';
import { useIdempotencyKey } from '../../lib/use-idempotency-key.ts';
import { useNow } from '../../lib/use-now.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { DetailLoadStates, DetailSkeleton } from '../../ui/detail-states.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { useFuse } from './api/fuse.ts';
import { useFusion } from './api/get-fusion.ts';
import { fusionRunQueryOptions, useFusionRun } from './api/get-fusion-run.ts';
import { BurnDialog } from './components/burn-dialog.tsx';
import { FusionFailure, FusionSuccess } from './components/fusion-outcome.tsx';
import { SlotPicker } from './components/slot-picker.tsx';
import { fuseBlockedReason, missingMaterialsText } from './fusion-words.ts';
import { useSlotPicks } from './use-slot-picks.ts';
import styles from './fusion-slots-page.module.css';

type TOutcome = { kind: 'success'; run: TFusionRun } | { kind: 'failure'; error: unknown; body: TFuseRequest };

const NONE: TFusionMaterial[] = [];

/** The tab's words for the screen shown: choosing, a fusion's result, or its refusal (each page of its own history). */
function screenTitle(outcome: TOutcome | null, success: TFusionRun | undefined, runId: string | null): string {
  if (success) return 'Fusion complete';
  if (outcome?.kind === 'failure') return 'Fusion not completed';
  return runId ? 'Fusion' : 'Choose materials';
}

/**
 * `/fusions/:id/slots` (spec section 2, signed in): choose from my collection what each slot burns (kept in the
 * address, `?<slotId>=<editionId>`), then the burn confirmation, the fusion running, and its result: the new edition,
 * or the refusal with nothing burned.
 */
export default function FusionSlotsPage() {
  const { id = '' } = useParams();
  const fusion = useFusion(id);

  if (fusion.data === undefined) {
    return <DetailLoadStates query={fusion} what="fusion" browseTo="/fusions" browseLabel="Browse fusions" />;
  }
  return <FusionSlots fusion={fusion.data} />;
}

function FusionSlots({ fusion }: { fusion: TFusion }) {
  // A minute's clock is enough here: it only turns Fuse on or off as the fusion opens or closes.
  const now = useNow(60_000);
  const fuse = useFuse(fusion.id);
  const idempotency = useIdempotencyKey('fusion');
  // In the address, so a reload or Back and Forward keep what was picked, and after a fusion its result (`?run=<id>`,
  // read again from the API).
  const { picks, setSlotPicks, clearPicks } = useSlotPicks(fusion);
  const [isConfirming, setIsConfirming] = useState(false);
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const runId = searchParams.get('run');
  const shownRun = useFusionRun(fusion.id, outcome ? null : runId);
  const isRunUnknown = runId !== null && !outcome && shownRun.isError;
  // A run named in the address that is not mine (or none at all): the address forgets it, and the slots show.
  useEffect(() => {
    if (!isRunUnknown) return;
    setSearchParams(
      (rendered) => {
        const next = latestSearchParams(rendered);
        next.delete('run');
        return next;
      },
      { replace: true },
    );
  }, [isRunUnknown, setSearchParams]);

  const blocked = fuseBlockedReason(fusion, fusionStatusAt(fusion, now));
  const needed = fusion.slots.reduce((sum, slot) => sum + slot.requiredCount, 0);
  const selected = fusion.slots.reduce((sum, slot) => sum + (picks[slot.id]?.length ?? 0), 0);
  const isComplete = fusion.slots.every((slot) => (picks[slot.id]?.length ?? 0) === slot.requiredCount);

  /** Editions chosen in each slot, so another slot shows them as taken: one edition burns once. */
  const slotNameByEdition = useMemo(() => {
    const names = new Map<string, { slotId: string; name: string }>();
    for (const slot of fusion.slots) {
      for (const material of picks[slot.id] ?? []) names.set(material.editionId, { slotId: slot.id, name: slot.name });
    }
    return names;
  }, [fusion.slots, picks]);

  const slotChangers = useMemo(
    () => new Map(fusion.slots.map((slot) => [slot.id, (chosen: TFusionMaterial[]) => setSlotPicks(slot.id, chosen)])),
    [fusion.slots, setSlotPicks],
  );

  function send(body: TFuseRequest) {
    fuse.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (run) => {
          idempotency.settle();
          // Kept for a reload: the address names the run in place of the picks, and its answer is the read's.
          queryClient.setQueryData(fusionRunQueryOptions(fusion.id, run.id).queryKey, run);
          clearPicks({ run: run.id });
          setIsConfirming(false);
          setOutcome({ kind: 'success', run });
        },
        onError: (error) => {
          if (isFinalRefusal(error)) idempotency.settle();
          setIsConfirming(false);
          setOutcome({ kind: 'failure', error, body });
        },
      },
    );
  }

  const success = outcome?.kind === 'success' ? outcome.run : runId && !outcome ? shownRun.data : undefined;

  const request: TFuseRequest = {
    slots: fusion.slots.map((slot) => ({
      slotId: slot.id,
      editionIds: (picks[slot.id] ?? []).map((material) => material.editionId),
    })),
  };

  return (
    <div className={`container ${styles.slotsPage}`}>
      <PageMeta {...fusionSlotsPageMeta(fusion, screenTitle(outcome, success, runId))} />
      <PageHeader
        eyebrow={`${fusion.brand.name} · Fusion`}
        title={outcome || success ? fusion.name : 'Choose materials'}
        lead={
          outcome || success
            ? undefined
            : `Pick from your collection what each slot of ${fusion.name} burns. Editions on a figure base, locked or on sale are protected and cannot be picked.`
        }
        isFlush
      >
        {outcome || success ? null : (
          <Link to={fusionPath(fusion.id)} className={styles.back}>
            <Icon name="arrow-left" size={16} /> {fusion.name}
          </Link>
        )}
      </PageHeader>

      {success ? (
        <FusionSuccess run={success} fusion={fusion} />
      ) : runId && !outcome && !isRunUnknown && shownRun.isPending ? (
        <DetailSkeleton label="Loading your fusion" />
      ) : outcome?.kind === 'failure' ? (
        <FusionFailure
          error={outcome.error}
          fusion={fusion}
          onBack={() => setOutcome(null)}
          onRetry={() => send(outcome.body)}
          isRetrying={fuse.isPending}
        />
      ) : (
        <>
          {blocked ? <Alert tone="info">{blocked}</Alert> : null}
          <ol className={styles.slots} aria-label="Slots">
            {fusion.slots.map((slot) => (
              <SlotPicker
                key={slot.id}
                fusionId={fusion.id}
                slot={slot}
                chosen={picks[slot.id] ?? NONE}
                chosenElsewhere={
                  new Map(
                    [...slotNameByEdition]
                      .filter(([, owner]) => owner.slotId !== slot.id)
                      .map(([editionId, owner]) => [editionId, owner.name]),
                  )
                }
                onChange={slotChangers.get(slot.id)!}
                isDisabled={fuse.isPending}
              />
            ))}
          </ol>
          <div className={styles.fuseBar}>
            {/* Not a live region: the slot's own count says each pick (slot-picker.tsx), once. */}
            <p className={styles.fuseCount}>
              <strong>
                {formatCount(selected)} of {formatCount(needed)}
              </strong>{' '}
              items selected
            </p>
            <Button
              variant="primary"
              size="lg"
              disabled={!isComplete || blocked !== null}
              aria-describedby="fuse-hint"
              onClick={() => setIsConfirming(true)}
            >
              <Icon name="flame" size={18} />
              Fuse
            </Button>
            <p id="fuse-hint" className={styles.fuseHint}>
              {blocked ??
                (isComplete
                  ? 'Every slot is filled.'
                  : (missingMaterialsText(fusion) ?? 'Fill every slot with exactly its number of editions.'))}
            </p>
          </div>
          <BurnDialog
            fusion={fusion}
            chosen={picks}
            isOpen={isConfirming}
            isFusing={fuse.isPending}
            onConfirm={() => send(request)}
            onClose={() => setIsConfirming(false)}
          />
        </>
      )}
    </div>
  );
}
