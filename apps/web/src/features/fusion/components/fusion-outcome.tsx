import { useEffect, useRef, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { editionArtworkUrl, responsiveImages, uploadSrcSet, type TFusion, type TFusionRun } from '@cypher/contract';
import { isFinalRefusal } from '../../../api/api-error.ts';
import { nftPath } from '../../../lib/collection-paths.ts';
import { formatCount, formatEditionNumber } from '../../../lib/format.ts';
import { fusionPath } from '../../../lib/fusion-paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Fact, Facts } from '../../../ui/facts.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { RarityBadge, rarityColour } from '../../../ui/rarity-badge.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import shared from './fusion.module.css';
import styles from './fusion-outcome.module.css';

// At the width it is shown, not as its original (why: packages/contract/src/image-variants.ts).
const FUSION_ARTWORK = responsiveImages.fusionArtwork;

/**
 * The result screen's heading takes focus, so a screen reader reads out how the fusion went, and comes to the top of
 * the window: the outcome replaces the slots where the person had scrolled down to the Fuse bar, and focus alone
 * scrolls only as far as the heading's edge, leaving the reveal above a phone's fold.
 */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  }, []);
  return ref;
}

/** The fusion went through: the new edition revealed, where it now lives, and what was burned for it. */
export function FusionSuccess({ run, fusion }: { run: TFusionRun; fusion: TFusion }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const { edition } = run;
  // A generative result's own artwork (spec section 9) is its picture, as on its NFT page.
  const imageUrl = editionArtworkUrl(edition) ?? edition.product.imageUrl;
  const srcSet = uploadSrcSet(imageUrl, FUSION_ARTWORK.largestVariant);
  return (
    <section className={styles.outcome} aria-labelledby="outcome-heading">
      <h2 id="outcome-heading" ref={headingRef} tabIndex={-1} className={styles.outcomeHeading}>
        Fusion complete
      </h2>
      <p className={shared.muted}>
        {formatCount(run.burned.length)} {run.burned.length === 1 ? 'edition was' : 'editions were'} burned into a new
        one. It is in your collection now.
      </p>
      <div className={styles.reveal} style={{ '--reveal-tint': rarityColour(edition.product.rarity) } as CSSProperties}>
        <img
          src={imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? FUSION_ARTWORK.sizes : undefined}
          alt={`${edition.product.name} artwork`}
          width={FUSION_ARTWORK.width}
          height={FUSION_ARTWORK.height}
        />
        <div className={styles.revealText}>
          <RarityBadge rarity={edition.product.rarity} />
          <h3 className={styles.revealName}>{edition.product.name}</h3>
          <p className={styles.revealSerial}>{formatEditionNumber(edition.serialNumber, edition.editionSize)}</p>
          <Facts>
            <Fact term="Contract address" isWide className={styles.mono}>
              {edition.contractAddress}
            </Fact>
            <Fact term="Token ID" className={styles.mono}>
              {edition.tokenId}
            </Fact>
          </Facts>
        </div>
      </div>
      <div className={styles.outcomeActions}>
        <ButtonLink to={nftPath(edition.id)} variant="primary">
          View your new collectible
        </ButtonLink>
        <ButtonLink to="/collections" variant="secondary">
          My Collection
        </ButtonLink>
        <ButtonLink to={fusionPath(fusion.id)} variant="ghost">
          Back to the fusion
        </ButtonLink>
      </div>
      <details className={styles.burnedList}>
        <summary>What was burned</summary>
        <ul>
          {run.burned.map((burned) => (
            <li key={burned.editionId}>
              {/* Its page stays, with the burn at the end of its history. */}
              <Link to={nftPath(burned.editionId)} className={styles.inlineLink}>
                {burned.productName} #{formatCount(burned.serialNumber)}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

interface FusionFailureProps {
  error: unknown;
  fusion: TFusion;
  onBack: () => void;
  /** Send the same attempt again (same editions, same Idempotency-Key). */
  onRetry: () => void;
  isRetrying: boolean;
}

/**
 * The fusion did not go through: the API's message and "Nothing was burned.", and the way back to the slots. When the
 * answer was lost on the way, it cannot be told whether it went through: trying again sends the same attempt, which
 * the API answers with the first result instead of burning twice.
 */
export function FusionFailure({ error, fusion, onBack, onRetry, isRetrying }: FusionFailureProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  const isRefused = isFinalRefusal(error);
  return (
    <section className={styles.outcome} aria-labelledby="outcome-heading">
      <h2 id="outcome-heading" ref={headingRef} tabIndex={-1} className={styles.outcomeHeading}>
        {isRefused ? 'The fusion did not go through' : 'We could not finish the fusion'}
      </h2>
      <Alert tone="error">{message}</Alert>
      {isRefused ? (
        // Some refusals already say so (all items fused): it is not said twice.
        message.includes('Nothing was burned') ? null : (
          <p className={styles.nothingBurned}>
            <Icon name="check" size={18} />
            Nothing was burned.
          </p>
        )
      ) : (
        <p className={shared.muted}>
          We could not tell whether it went through. Try again: the same fusion is sent, so nothing is burned twice.
        </p>
      )}
      <div className={styles.outcomeActions}>
        {isRefused ? null : (
          <Button variant="primary" onClick={onRetry} isLoading={isRetrying}>
            Try again
          </Button>
        )}
        <Button variant={isRefused ? 'primary' : 'secondary'} onClick={onBack} disabled={isRetrying}>
          <Icon name="arrow-left" size={16} />
          Back to the slots
        </Button>
        <Link to={fusionPath(fusion.id)} className={styles.inlineLink}>
          Back to the fusion
        </Link>
        <p className={styles.retrying} role="status">
          {isRetrying ? (
            <>
              <Spinner />
              Fusing…
            </>
          ) : null}
        </p>
      </div>
    </section>
  );
}
