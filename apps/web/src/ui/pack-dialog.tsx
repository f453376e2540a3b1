import { useEffect, useMemo, useRef, useState } from 'react';
import {
  errorCatalogue,
  rarityRank,
  responsiveImages,
  uploadSrcSet,
  type TPack,
  type TPackItem,
  type TRarity,
} from '@cypher/contract';
import { useLocation, type To } from 'react-router';
import { namesNothing } from '../api/api-error.ts';
import { useMyPacks } from '../api/packs/list-my-packs.ts';
import { usePack } from '../api/packs/get-pack.ts';
import { useOpenPack } from '../api/packs/open-pack.ts';
import { nftPath } from '../lib/collection-paths.ts';
import { formatCount } from '../lib/format.ts';
import { useFormatDateTime } from '../lib/use-format-date-time.ts';
import { useReducedMotion } from '../lib/use-reduced-motion.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { ButtonLink } from './button-link.tsx';
import { Dialog } from './dialog.tsx';
import { ErrorState } from './error-state.tsx';
import { PackEditionCard, editionInWords } from './pack-edition-card.tsx';
import { rarityLabel } from './rarity-badge.tsx';
import { Skeleton } from './skeleton.tsx';
import styles from './pack-dialog.module.css';

/** The pause before the first edition turns, and between one edition and the next. */
export const REVEAL_FIRST_MS = 500;
export const REVEAL_STEP_MS = 900;

interface PackDialogProps {
  packId: string;
  onClose: () => void;
  /** Where another pack opens on the page that shows this one ("Open the next pack" stays on that page). */
  packHref: (packId: string) => To;
}

/**
 * A pack, at its own address on the page that opened it (`/drops?tab=packs&pack=<id>`, `/collections?pack=<id>`):
 * sealed, it offers to open; opening calls the API once and reveals the editions one by one (commons first, the
 * rarest last), then shows them grouped by rarity. An opened pack shows its editions straight away. Shared by the
 * drops page's My packs and My Collection, hence in the design system.
 */
export function PackDialog({ packId, onClose, packHref }: PackDialogProps) {
  const pack = usePack(packId);
  const openPack = useOpenPack();
  const justOpened = openPack.data?.id === packId ? openPack.data : null;
  const shown = justOpened ?? pack.data;
  // Opened here, now: the reveal plays. (The pack's cache is written before the mutation itself settles, so this
  // reads the mutation's variables rather than waiting for its data.)
  const isOpenedHere = openPack.variables === packId && !openPack.isError;
  const title = shown ? `Pack #${formatCount(shown.number)}` : 'Your pack';

  let content;
  if (pack.isPending && !justOpened) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading your pack">
        <Skeleton height="min(60vw, 280px)" radius="var(--radius-lg)" />
        <Skeleton width="60%" />
      </div>
    );
  } else if (!shown) {
    // Unknown, or no pack id at all (a link cut short: the API refuses it as invalid): nothing to try again.
    const isMissing = namesNothing(pack.error);
    content = (
      <ErrorState
        titleAs="h3"
        title={isMissing ? 'Pack not found' : 'We could not load this pack'}
        error={isMissing ? new Error(errorCatalogue.PACK_NOT_FOUND.message) : pack.error}
        onRetry={isMissing ? undefined : () => void pack.refetch()}
        isRetrying={pack.isFetching}
      />
    );
  } else if (!shown.isOpened) {
    content = (
      <SealedPack
        pack={shown}
        isOpening={openPack.isPending}
        error={openPack.error}
        onOpen={() => openPack.mutate(packId)}
      />
    );
  } else {
    content = <OpenedPack key={shown.id} pack={shown} isFresh={isOpenedHere} onClose={onClose} packHref={packHref} />;
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={title}
      description={
        shown
          ? `${shown.drop.name} · ${shown.drop.brand.name} · ${shown.isGift ? 'A gift' : `Round ${shown.round}`}`
          : undefined
      }
    >
      {content}
    </Dialog>
  );
}

const PACK_ARTWORK = responsiveImages.packArtwork;

/** The drop's artwork at the width the pack's front shows it, not its original (up to 2400 px). */
function PackArtwork({ url }: { url: string }) {
  const srcSet = uploadSrcSet(url, PACK_ARTWORK.largestVariant);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? PACK_ARTWORK.sizes : undefined}
      alt=""
      width={PACK_ARTWORK.width}
      height={PACK_ARTWORK.height}
    />
  );
}

function SealedPack({
  pack,
  isOpening,
  error,
  onOpen,
}: {
  pack: TPack;
  isOpening: boolean;
  error: Error | null;
  onOpen: () => void;
}) {
  const formatDateTime = useFormatDateTime();
  return (
    <div className={styles.sealed}>
      <div className={isOpening ? `${styles.packFront} ${styles.opening}` : styles.packFront}>
        <PackArtwork url={pack.drop.imageUrl} />
        <span className={styles.packSeal} aria-hidden="true">
          #{formatCount(pack.number)}
        </span>
      </div>
      <p className={styles.sealedText}>
        {pack.isGift ? 'Given to you' : 'Bought'}{' '}
        <time dateTime={pack.purchasedAt}>{formatDateTime(pack.purchasedAt)}</time>. Its editions were fixed when the
        drop was published; opening the pack reveals them and adds them to your collection.
      </p>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <Button variant="primary" size="lg" isLoading={isOpening} onClick={onOpen} autoFocus data-autofocus>
        Open pack
      </Button>
    </div>
  );
}

const byRevealOrder = (a: TPackItem, b: TPackItem) =>
  rarityRank(a.product.rarity) - rarityRank(b.product.rarity) || a.edition.serialNumber - b.edition.serialNumber;
/** Once revealed: the rarest first, and within a rarity the serial numbers counting up, as a collection lists them. */
const byGroupOrder = (a: TPackItem, b: TPackItem) =>
  rarityRank(b.product.rarity) - rarityRank(a.product.rarity) || a.edition.serialNumber - b.edition.serialNumber;

function OpenedPack({
  pack,
  isFresh,
  onClose,
  packHref,
}: {
  pack: TPack;
  isFresh: boolean;
  onClose: () => void;
  packHref: (packId: string) => To;
}) {
  const isReducedMotion = useReducedMotion();
  const ordered = useMemo(() => [...pack.items].sort(byRevealOrder), [pack.items]);
  const [revealed, setRevealed] = useState(isFresh && !isReducedMotion ? 0 : ordered.length);
  const isDone = revealed >= ordered.length;
  const regionRef = useRef<HTMLDivElement>(null);
  const { state: entryState } = useLocation();
  const myPacks = useMyPacks();
  const nextSealed = myPacks.data?.groups
    .flatMap((group) => group.packs)
    .find((candidate) => !candidate.isOpened && candidate.id !== pack.id);

  useEffect(() => {
    if (isDone) return;
    const timer = setTimeout(
      () => setRevealed((count) => count + 1),
      revealed === 0 ? REVEAL_FIRST_MS : REVEAL_STEP_MS,
    );
    return () => clearTimeout(timer);
  }, [revealed, isDone]);

  // The "Open pack" button that had focus is gone: keep keyboard and screen reader users with the reveal.
  useEffect(() => {
    if (isFresh) regionRef.current?.focus({ preventScroll: true });
  }, [isFresh]);

  const latest = revealed > 0 ? ordered[revealed - 1] : undefined;
  return (
    <div ref={regionRef} tabIndex={-1} role="region" className={styles.opened} aria-label="Editions in this pack">
      <p className="visually-hidden" aria-live="polite">
        {isDone
          ? ordered.length === 1
            ? 'Your edition is revealed.'
            : `All ${ordered.length} editions revealed.`
          : latest
            ? `Revealed ${editionInWords(latest)}.`
            : 'Opening your pack…'}
      </p>
      {isDone ? (
        <GroupedEditions items={pack.items} />
      ) : (
        <ul className={styles.revealGrid} aria-label="Revealing">
          {ordered.map((item, index) => (
            <li key={item.edition.id}>
              {index < revealed ? (
                <PackEditionCard item={item} isFresh />
              ) : (
                <div className={styles.cardBack} aria-hidden="true">
                  <span>?</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        {isDone ? (
          <>
            {nextSealed ? (
              // It takes this entry's place, and keeps what the entry says of where it was opened from: closing the
              // next pack undoes the same history as closing this one would have.
              <ButtonLink to={packHref(nextSealed.id)} state={entryState} variant="primary" replace>
                Open the next pack
              </ButtonLink>
            ) : null}
            <Button variant={nextSealed ? 'secondary' : 'primary'} onClick={onClose}>
              Done
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => setRevealed(ordered.length)}>
            Reveal all
          </Button>
        )}
      </div>
    </div>
  );
}

/** Spec section 9: a pack's editions grouped by product rarity, the rarest first. */
function GroupedEditions({ items }: { items: readonly TPackItem[] }) {
  const groups = new Map<TRarity, TPackItem[]>();
  for (const item of [...items].sort(byGroupOrder)) {
    groups.set(item.product.rarity, [...(groups.get(item.product.rarity) ?? []), item]);
  }
  return (
    <div className={styles.groups}>
      {[...groups].map(([rarity, group]) => (
        <section key={rarity} aria-label={`${rarityLabel(rarity)} editions`} className={styles.group}>
          <h3 className={styles.groupTitle}>
            {rarityLabel(rarity)} <span className={styles.groupCount}>{formatCount(group.length)}</span>
          </h3>
          <ul className={styles.editionGrid}>
            {group.map((item) => (
              <li key={item.edition.id}>
                <PackEditionCard item={item} to={nftPath(item.edition.id)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
