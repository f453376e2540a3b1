import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  figureBasePageMeta,
  responsiveImages,
  uploadSrcSet,
  type TEdition,
  type TFigureBaseDetail,
  type TFigureBaseSlot,
} from '@cypher/contract';
import { nftPath } from '../../lib/collection-paths.ts';
import { formatCount, formatCountOf, formatEditionNumber } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CanonicalRedirect } from '../../ui/canonical-redirect.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FixedWidthImage } from '../../ui/fixed-width-image.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { RarityBadge } from '../../ui/rarity-badge.tsx';
import { useToast } from '../../ui/use-toast.ts';
import { useChangePlacement } from './api/equip-edition.ts';
import { useFigureBase } from './api/get-figure-base.ts';
import { FigureBaseSlot } from './components/figure-base-slot.tsx';
import styles from './components/figure-base.module.css';

/**
 * `/collections/:id/figure_base/:baseId/editions` (spec section 2, issue 17): a display base of a collection, its slots
 * with what I have standing in each, and my editions that fit. Placing asks which of them; taking off is one click.
 * An equipped edition is held against fusion and export until it comes off. Visitors see the base and its slots.
 */
/** The base's banner spans the page's column (figure-base.module.css `.banner`). */
const BANNER = responsiveImages.columnWideImage;

export default function FigureBaseEditionsPage() {
  const { id: collectionId = '', baseId = '' } = useParams();
  const { isLoggedIn } = useSession();
  const base = useFigureBase(baseId, isLoggedIn);
  const [choosingFor, setChoosingFor] = useState<TFigureBaseSlot | null>(null);

  if (base.data === undefined) {
    return (
      <DetailLoadStates
        query={base}
        what="figure base"
        loadingLabel="Loading the figure base"
        browseTo={collectionId ? `/collections/${collectionId}` : '/collections'}
        browseLabel="Back to the collection"
      />
    );
  }
  // A base belongs to one collection: an address naming another (a link edited by hand) is corrected to its own.
  if (base.data.collection.id !== collectionId) {
    return <CanonicalRedirect pathname={`/collections/${base.data.collection.id}/figure_base/${baseId}/editions`} />;
  }
  return <FigureBase base={base.data} isLoggedIn={isLoggedIn} choosingFor={choosingFor} onChoose={setChoosingFor} />;
}

function FigureBase({
  base,
  isLoggedIn,
  choosingFor,
  onChoose,
}: {
  base: TFigureBaseDetail;
  isLoggedIn: boolean;
  choosingFor: TFigureBaseSlot | null;
  onChoose: (slot: TFigureBaseSlot | null) => void;
}) {
  const changePlacement = useChangePlacement();
  const { showToast } = useToast();
  const placedBySlot = new Map(base.placements.map((placement) => [placement.slotId, placement.edition]));
  const fitting = (slotId: string) => base.candidates.filter((candidate) => candidate.slotIds.includes(slotId));
  const collectionPath = `/collections/${base.collection.id}`;
  const here = `${collectionPath}/figure_base/${base.id}/editions`;

  // One change at a time, decided at the click: `isPending` disables the buttons only once the mutation's state has
  // rendered (TanStack notifies on a later task), so a double tap sent two, and the callbacks of the first (the one
  // that placed it) were dropped for the second's refusal (EDITION_EQUIPPED).
  const isChanging = useRef(false);
  function change(
    variables: Parameters<typeof changePlacement.mutate>[0],
    callbacks: { onSuccess: () => void; onError: (error: Error) => void },
  ) {
    if (isChanging.current) return;
    isChanging.current = true;
    changePlacement.mutate(variables, {
      ...callbacks,
      onSettled: () => {
        isChanging.current = false;
      },
    });
  }

  function takeOff(edition: TEdition) {
    change(
      { move: 'unequip', figureBaseId: base.id, editionId: edition.id },
      {
        onSuccess: () => showToast({ tone: 'success', title: `${edition.product.name} is back in your collection` }),
        onError: (error) => showToast({ tone: 'error', title: 'We could not take it off', description: error.message }),
      },
    );
  }

  const placeError = changePlacement.variables?.move === 'equip' ? changePlacement.error : null;

  function place(slot: TFigureBaseSlot, edition: TEdition) {
    change(
      { move: 'equip', figureBaseId: base.id, editionId: edition.id, slotId: slot.id },
      {
        onSuccess: () => {
          onChoose(null);
          showToast({ tone: 'success', title: `${edition.product.name} stands in ${slot.name}` });
        },
        // Said in the dialog, which stays open (a toast would be drawn beneath it, out of sight): placeError below.
        onError: () => undefined,
      },
    );
  }

  return (
    <div className="container">
      <PageMeta {...figureBasePageMeta(base)} />
      <PageHeader eyebrow={`${base.brand.name} · Figure base`} title={base.name} lead={base.description ?? undefined}>
        <Link to={collectionPath} className={styles.back}>
          <Icon name="arrow-left" size={16} /> {base.collection.name}
        </Link>
        {isLoggedIn ? (
          <p className={styles.filled}>
            {formatCount(base.equippedCount)} of {formatCountOf(base.slots.length, 'slot')} filled
          </p>
        ) : null}
      </PageHeader>
      {base.imageUrl ? (
        <img
          className={styles.banner}
          src={base.imageUrl}
          srcSet={uploadSrcSet(base.imageUrl, BANNER.largestVariant)}
          sizes={BANNER.sizes}
          alt=""
          width={1200}
          height={280}
        />
      ) : null}

      <section className={styles.section} aria-labelledby="slots-heading">
        <h2 id="slots-heading" className={styles.sectionHeading}>
          Slots
        </h2>
        <ol className={styles.slots}>
          {base.slots.map((slot) => (
            <FigureBaseSlot
              key={slot.id}
              slot={slot}
              collectionName={base.collection.name}
              placed={placedBySlot.get(slot.id)}
              fittingCount={isLoggedIn ? fitting(slot.id).length : undefined}
              isBusy={changePlacement.isPending}
              onChoose={() => {
                changePlacement.reset();
                onChoose(slot);
              }}
              onTakeOff={takeOff}
            />
          ))}
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="fitting-heading">
        <h2 id="fitting-heading" className={styles.sectionHeading}>
          Yours that fit
        </h2>
        {!isLoggedIn ? (
          <EmptyState
            icon="lock"
            title="Sign in to place your collectibles"
            body="Your editions of this collection can stand on this base."
            action={
              <ButtonLink to={`/signin?redirectTo=${encodeURIComponent(here)}`} variant="primary">
                Sign in
              </ButtonLink>
            }
          />
        ) : base.candidates.length === 0 ? (
          <EmptyState
            icon="frame"
            title={base.placements.length > 0 ? 'Everything that fits is on the base' : 'Nothing of yours fits yet'}
            body={`Collect ${base.collection.name} editions to fill this base. Locked editions stay off it until you unlock them.`}
            action={<ButtonLink to="/drops">See live drops</ButtonLink>}
          />
        ) : (
          <ul className={styles.choices} aria-label="Your editions that fit">
            {base.candidates.map(({ edition, slotIds }) => (
              <li key={edition.id}>
                <EditionLine edition={edition} note={fitsNote(base, slotIds)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog
        isOpen={choosingFor !== null}
        onClose={() => {
          // Not while a placement is on its way: resetting would detach it from this page, so its confirmation would
          // never show and `isChanging` would stay set, leaving every button dead until a reload.
          if (isChanging.current) return;
          changePlacement.reset();
          onChoose(null);
        }}
        title={choosingFor ? `Place in ${choosingFor.name}` : 'Place a collectible'}
        description="It stays in your collection, held against fusion and export until you take it off."
      >
        {placeError ? (
          <Alert tone="error" title="We could not place it">
            {placeError.message}
          </Alert>
        ) : null}
        {choosingFor ? (
          <ul className={`${styles.choices} ${styles.scrolls}`} aria-label={`Editions that fit ${choosingFor.name}`}>
            {fitting(choosingFor.id).map(({ edition }) => (
              <li key={edition.id}>
                <button
                  type="button"
                  className={styles.choice}
                  disabled={changePlacement.isPending}
                  onClick={() => place(choosingFor, edition)}
                >
                  <EditionLine edition={edition} isBare />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Dialog>
    </div>
  );
}

/** "Fits Encore, Closing night (Opening night is taken)": the free slots an edition may go to first. */
function fitsNote(base: TFigureBaseDetail, slotIds: readonly string[]): string {
  const taken = new Set(base.placements.map((placement) => placement.slotId));
  const fitting = base.slots.filter((slot) => slotIds.includes(slot.id));
  const free = fitting.filter((slot) => !taken.has(slot.id)).map((slot) => slot.name);
  const full = fitting.filter((slot) => taken.has(slot.id)).map((slot) => slot.name);
  if (full.length === 0) return `Fits ${free.join(', ')}`;
  const fullText = `${full.join(', ')} ${full.length === 1 ? 'is' : 'are'} taken`;
  if (free.length === 0) return `Fits ${full.join(', ')} (${full.length === 1 ? 'taken' : 'all taken'})`;
  return `Fits ${free.join(', ')} (${fullText})`;
}

/** An edition in a list: thumbnail, name and serial, a note (the slots it fits) if any, and its rarity's badge. */
function EditionLine({ edition, note, isBare = false }: { edition: TEdition; note?: string; isBare?: boolean }) {
  const body = (
    <>
      <FixedWidthImage src={edition.imageUrl} shownWidth={56} width={56} height={56} loading="lazy" />
      <span className={styles.choiceText}>
        <span className={styles.choiceName}>
          {edition.product.name}{' '}
          <span className={styles.choiceNumber}>{formatEditionNumber(edition.serialNumber, edition.editionSize)}</span>
        </span>
        {note ? <span className={styles.fit}>{note}</span> : null}
      </span>
      <RarityBadge rarity={edition.product.rarity} />
    </>
  );
  return isBare ? (
    body
  ) : (
    <Link to={nftPath(edition.id)} className={styles.choice}>
      {body}
    </Link>
  );
}
