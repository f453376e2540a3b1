import type { CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { fusionPageMeta, fusionStatusAt, type TFusion, type TFusionSlot, type TFusionStatus } from '@cypher/contract';
import { queryKeys } from '../../api/query-keys.ts';
import { brandPath, productPath } from '../../lib/catalog-paths.ts';
import { formatCount, formatCountOf, formatDateTimeWithZone } from '../../lib/format.ts';
import { fusionSlotsPath } from '../../lib/fusion-paths.ts';
import { useSession } from '../../lib/session.ts';
import { useNow } from '../../lib/use-now.ts';
import { useRefetchWhenChanged } from '../../lib/use-refetch-when-changed.ts';
import { ArtworkImage, ArtworkLayout } from '../../ui/artwork-layout.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { FixedWidthImage } from '../../ui/fixed-width-image.tsx';
import { StatusPanel } from '../../ui/status-panel.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { DetailSection } from '../../ui/detail-section.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { RarityBadge, rarityColour } from '../../ui/rarity-badge.tsx';
import { Schedule, ScheduleRow } from '../../ui/schedule.tsx';
import { useFusion } from './api/get-fusion.ts';
import {
  fuseBlockedReason,
  isShortOfSharedEditions,
  missingMaterialsText,
  resultName,
  supplyLeftText,
} from './fusion-words.ts';
import shared from './components/fusion.module.css';
import styles from './fusion-detail-page.module.css';
import { SlotRule } from './components/slot-rule.tsx';

// A fusion's artwork stands in the same square frame as a drop's.
/**
 * `/fusions/:id` (spec section 2): what the fusion makes and how many are left, what each slot needs (and, signed in,
 * how many of mine fit it), when it is open (a countdown to its opening, turning the page at each boundary by itself),
 * and "Choose materials", or why not now.
 */
export default function FusionDetailPage() {
  const { id = '' } = useParams();
  const fusion = useFusion(id);
  const now = useNow();

  if (fusion.data === undefined) {
    return <DetailLoadStates query={fusion} what="fusion" browseTo="/fusions" browseLabel="Browse fusions" />;
  }
  return <FusionDetail fusion={fusion.data} now={now} />;
}

function FusionDetail({ fusion, now }: { fusion: TFusion; now: Date }) {
  const status = fusionStatusAt(fusion, now);
  // When it opens or ends, what is left and what the caller may do move: read the fusion again.
  useRefetchWhenChanged(status, queryKeys.fusions.detail(fusion.id));

  const { product } = fusion.result;
  // The API's readiness is about my editions alone (it holds at any hour); whether they can be used is the clock's and
  // the supply's, which this page reads as the time passes.
  const canFuse = fuseBlockedReason(fusion, status) === null;
  return (
    <div className="container">
      <PageMeta {...fusionPageMeta(fusion)} />
      <ArtworkLayout
        artwork={<ArtworkImage src={fusion.imageUrl} name={fusion.name} />}
        brand={{ name: fusion.brand.name, logoUrl: fusion.brand.logoUrl, to: brandPath(fusion.brand) }}
        title={fusion.name}
      >
        <FusionStatus fusion={fusion} status={status} now={now} />
        {fusion.description ? <p className={styles.description}>{fusion.description}</p> : null}

        <section aria-labelledby="makes-heading" className={styles.block}>
          <h2 id="makes-heading" className={styles.subheading}>
            What it makes
          </h2>
          {product ? (
            <div className={styles.result} style={{ '--result-tint': rarityColour(product.rarity) } as CSSProperties}>
              <FixedWidthImage src={product.imageThumbnailUrl} shownWidth={96} width={96} height={96} loading="lazy" />
              <div className={styles.resultText}>
                <Link to={productPath(product)} className={styles.resultName}>
                  {product.name}
                </Link>
                <RarityBadge rarity={product.rarity} />
                <p className={styles.supply}>{supplyLeftText(fusion, status)}</p>
              </div>
            </div>
          ) : (
            // A result the public does not see (unpublished since): no name, picture, rarity or page to open.
            <div className={styles.result} style={{ '--result-tint': 'var(--color-border)' } as CSSProperties}>
              <div className={styles.resultText}>
                <p className={styles.unannounced}>{resultName(fusion.result)}</p>
                <p className={styles.supply}>{supplyLeftText(fusion, status)}</p>
              </div>
            </div>
          )}
        </section>
      </ArtworkLayout>

      <DetailSection title="What it needs" aside={<Readiness fusion={fusion} canFuse={canFuse} />}>
        <ol className={styles.needs} aria-label="Slots">
          {fusion.slots.map((slot) => (
            <SlotNeed key={slot.id} slot={slot} isShared={isShortOfSharedEditions(fusion)} canFuse={canFuse} />
          ))}
        </ol>
        <p className={shared.muted}>
          Editions on a figure base, locked or on sale are protected: they do not count here and cannot be burned.
        </p>
      </DetailSection>

      <DetailSection title="Schedule">
        <Schedule>
          <ScheduleRow term="Opens">
            <time dateTime={fusion.beginAt}>{formatDateTimeWithZone(fusion.beginAt)}</time>
          </ScheduleRow>
          <ScheduleRow term="Closes">
            <time dateTime={fusion.endAt}>{formatDateTimeWithZone(fusion.endAt)}</time>
          </ScheduleRow>
        </Schedule>
      </DetailSection>
    </div>
  );
}

const headlines: Record<TFusionStatus, string> = {
  UPCOMING: 'Coming up',
  AVAILABLE: 'Open now',
  ENDED: 'Ended',
};

/** Where the fusion stands, its one countdown, and the way on to the slots (or why there is none now). */
function FusionStatus({ fusion, status, now }: { fusion: TFusion; status: TFusionStatus; now: Date }) {
  const { isLoggedIn } = useSession();
  const slotsPath = fusionSlotsPath(fusion.id);
  const reason = fuseBlockedReason(fusion, status);
  const isLive = reason === null;
  return (
    <StatusPanel
      isLive={isLive}
      headline={status === 'AVAILABLE' && fusion.isAllFused ? 'All items fused' : headlines[status]}
      countdown={
        status === 'UPCOMING'
          ? { label: 'Opens in', to: fusion.beginAt }
          : isLive
            ? { label: 'Closes in', to: fusion.endAt }
            : null
      }
      now={now}
    >
      {status === 'ENDED' ? (
        <p className={shared.muted}>
          This fusion ended <time dateTime={fusion.endAt}>{formatDateTimeWithZone(fusion.endAt)}</time>.{' '}
          {formatCount(fusion.result.supply - fusion.result.remaining)} of{' '}
          {formatCountOf(fusion.result.supply, 'result')}{' '}
          {fusion.result.supply - fusion.result.remaining === 1 ? 'was' : 'were'} made.
        </p>
      ) : null}
      {status === 'AVAILABLE' && fusion.isAllFused ? (
        <p className={shared.muted}>
          {fusion.result.supply === 1
            ? 'Its one result has been made.'
            : `All ${formatCount(fusion.result.supply)} results have been made.`}
        </p>
      ) : null}

      {reason ? (
        <>
          <Button variant="primary" size="lg" isBlock disabled aria-describedby="fuse-reason">
            Choose materials
          </Button>
          <p id="fuse-reason" className={shared.muted}>
            {reason}
          </p>
        </>
      ) : !isLoggedIn ? (
        <ButtonLink to={`/signin?redirectTo=${encodeURIComponent(slotsPath)}`} variant="primary" size="lg" isBlock>
          Sign in to fuse
        </ButtonLink>
      ) : (
        <>
          <ButtonLink to={slotsPath} variant="primary" size="lg" isBlock>
            Choose materials
          </ButtonLink>
          {fusion.isReady === false ? <p className={shared.muted}>{missingMaterialsText(fusion)}</p> : null}
        </>
      )}
    </StatusPanel>
  );
}

/**
 * Signed in: whether what I hold covers every slot. Visitors are told what signing in shows. A fusion that cannot be
 * used (not open yet, ended, all fused) says nothing of being ready or short: its status says why, and nothing I hold
 * changes that.
 */
function Readiness({ fusion, canFuse }: { fusion: TFusion; canFuse: boolean }) {
  if (fusion.isReady === null) {
    return <p className={shared.muted}>Sign in to see which of your editions fit each slot.</p>;
  }
  if (!canFuse) return null;
  return fusion.isReady ? (
    <p className={`${styles.readiness} ${styles.ready}`}>
      <Icon name="check" size={18} />
      You have everything this fusion needs.
    </p>
  ) : (
    <p className={`${styles.readiness} ${styles.notReady}`}>
      <Icon name="alert" size={18} />
      You do not have enough to fill every slot yet.
    </p>
  );
}

/**
 * One slot: its name, what it takes, and for a signed-in caller how many of theirs fit and whether that is enough.
 * A slot with enough is not called Ready when the fusion lacks editions that several slots share (`isShared`): each
 * slot then has enough on its own while together they do not, and the fusion's readiness says how many more. Nor is
 * it Ready, or short, while the fusion cannot be used: the count alone is said.
 */
function SlotNeed({ slot, isShared, canFuse }: { slot: TFusionSlot; isShared: boolean; canFuse: boolean }) {
  const headingId = `slot-${slot.id}`;
  const fitting = slot.fittingCount;
  const shortfall = fitting === null ? 0 : Math.max(0, slot.requiredCount - fitting);
  const state = !canFuse ? 'closed' : shortfall > 0 ? 'short' : isShared ? 'shared' : 'ready';
  return (
    <li className={styles.need} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.needName}>
        {slot.name}
      </h3>
      <SlotRule requiredCount={slot.requiredCount} rule={slot.rule} />
      {fitting === null ? null : (
        <p
          className={`${styles.readiness} ${state === 'ready' ? styles.ready : state === 'short' ? styles.notReady : ''}`}
        >
          {state === 'shared' || state === 'closed' ? null : (
            <Icon name={state === 'ready' ? 'check' : 'alert'} size={16} />
          )}
          <span>
            You have {formatCount(fitting)} that {fitting === 1 ? 'fits' : 'fit'}
            {state === 'ready' ? ' · Ready' : state === 'short' ? ` · ${formatCount(shortfall)} more needed` : ''}
          </span>
        </p>
      )}
    </li>
  );
}
