import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import {
  errorCatalogue,
  formatMoney,
  MAX_ORDER_QUANTITY,
  passPageMeta,
  passStatusAt,
  type TPass,
  type TPassRound,
  type TPassStatus,
} from '@cypher/contract';
import { queryKeys } from '../../api/query-keys.ts';
import { brandPath } from '../../lib/catalog-paths.ts';
import { dropPath } from '../../lib/drop-paths.ts';
import { formatCount, formatDate, formatDateTimeWithZone } from '../../lib/format.ts';
import { passStatusLabels } from '../../lib/pass-status.ts';
import { useSession } from '../../lib/session.ts';
import { useNow } from '../../lib/use-now.ts';
import { useRefetchWhenChanged } from '../../lib/use-refetch-when-changed.ts';
import { ArtworkImage, ArtworkLayout } from '../../ui/artwork-layout.tsx';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { DetailSection } from '../../ui/detail-section.tsx';
import { Icon } from '../../ui/icon.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Schedule, ScheduleRow } from '../../ui/schedule.tsx';
import { StatusPanel } from '../../ui/status-panel.tsx';
import { usePass } from './api/get-pass.ts';
import { BUY_REASON_ID, BuyButton, LazyPurchaseDialog, SignInToBuy } from './components/buy-button.tsx';
import { PurchaseClosedNotice } from './components/purchase-closed-notice.tsx';
import dropStyles from './components/drop-detail.module.css';
import styles from './components/pass-detail.module.css';
import { usePurchasePopup } from './use-purchase-popup.ts';

// A pass's artwork stands in the same square frame as a drop's.
// The purchase form (react-hook-form, zod) loads when someone is about to buy, not with the page.

const passUnit = { one: 'pass', other: 'passes' };

/**
 * `/pass/:id`: the artwork, where the sale stands (a countdown to its opening or its end, turning the page at each
 * boundary by itself), what the holder has, the benefits, the sale window and validity, the rounds the pass opens,
 * and Buy with the purchase popup (`?buy=1` opens it, for the way back from adding funds).
 */
export default function PassDetailPage() {
  const { id = '' } = useParams();
  const pass = usePass(id);
  const now = useNow();

  if (pass.data === undefined) {
    return <DetailLoadStates query={pass} what="pass" browseTo="/pass" browseLabel="Browse passes" />;
  }
  return <PassDetail pass={pass.data} now={now} />;
}

function PassDetail({ pass, now }: { pass: TPass; now: Date }) {
  const status = passStatusAt(pass, now);
  const isSaleOver = status === 'SOLD_OUT' || status === 'ENDED';
  // When the sale opens or ends, what is left and what the buyer may do move: read the pass again.
  useRefetchWhenChanged(status, queryKeys.passes.detail(pass.id));

  return (
    <div className="container">
      <PageMeta {...passPageMeta(pass)} />
      <ArtworkLayout
        artwork={<ArtworkImage src={pass.imageUrl} name={pass.name} />}
        brand={{ name: pass.brand.name, logoUrl: pass.brand.logoUrl, to: brandPath(pass.brand) }}
        title={pass.name}
      >
        <PassSalePanel pass={pass} status={status} now={now} />
        {pass.description ? <p className={dropStyles.description}>{pass.description}</p> : null}
        <dl className={dropStyles.facts} aria-label="Price and supply">
          <div>
            <dt>Price</dt>
            <dd>{formatMoney(pass.price)}</dd>
          </div>
          {/* Once the sale is over, what was sold, as the pass's card says, and no limit on buying it. */}
          {isSaleOver ? (
            <div>
              <dt>Sold</dt>
              <dd>
                {formatCount(pass.supply - pass.remaining)} of {formatCount(pass.supply)}
              </dd>
            </div>
          ) : (
            <>
              <div>
                <dt>Left</dt>
                <dd>
                  {formatCount(pass.remaining)} of {formatCount(pass.supply)}
                </dd>
              </div>
              <div>
                <dt>Per person</dt>
                <dd>{pass.perPersonLimit === null ? 'No limit' : `Buy up to ${formatCount(pass.perPersonLimit)}`}</dd>
              </div>
            </>
          )}
          <div>
            <dt>Valid until</dt>
            <dd>{formatDate(pass.validUntil)}</dd>
          </div>
        </dl>
        <section aria-labelledby="benefits-heading" className={styles.benefits}>
          <h2 id="benefits-heading" className={styles.subheading}>
            Benefits
          </h2>
          {pass.benefits.length > 0 ? (
            <ul className={styles.benefitList}>
              {pass.benefits.map((benefit, index) => (
                <li key={index}>
                  <Icon name="check" size={18} />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={dropStyles.muted}>The brand has not listed this pass&apos;s benefits yet.</p>
          )}
        </section>
      </ArtworkLayout>

      <DetailSection title="Sale and validity">
        <Schedule>
          <ScheduleRow term="On sale">
            <time dateTime={pass.saleBeginAt}>{formatDateTimeWithZone(pass.saleBeginAt)}</time> to{' '}
            <time dateTime={pass.saleEndAt}>{formatDateTimeWithZone(pass.saleEndAt)}</time>
          </ScheduleRow>
          <ScheduleRow term="Valid">
            <time dateTime={pass.validFrom}>{formatDateTimeWithZone(pass.validFrom)}</time> to{' '}
            <time dateTime={pass.validUntil}>{formatDateTimeWithZone(pass.validUntil)}</time>
          </ScheduleRow>
        </Schedule>
        <p className={dropStyles.muted}>The pass opens its holders&apos; rounds only while it is valid.</p>
      </DetailSection>

      <DetailSection title="The rounds it opens">
        <OpenedRounds rounds={pass.opensRounds} now={now} />
      </DetailSection>
    </div>
  );
}

interface TPassAllowance {
  canBuy: boolean;
  /** Why the Buy button is off, in the catalogue's words where there are some. */
  reason: string | null;
  /** Passes one order may hold now: the order cap, what is left, and what the person may still buy. */
  maxQuantity: number;
}

/** Whether the signed-in viewer may buy now, and how many. */
function passAllowance(pass: TPass, status: TPassStatus): TPassAllowance {
  if (status === 'UPCOMING') {
    return {
      canBuy: false,
      reason: `Not on sale yet: the sale opens ${formatDateTimeWithZone(pass.saleBeginAt)}.`,
      maxQuantity: 0,
    };
  }
  if (status === 'SOLD_OUT') return { canBuy: false, reason: errorCatalogue.PASS_SOLD_OUT.message, maxQuantity: 0 };
  if (status === 'ENDED') return { canBuy: false, reason: errorCatalogue.PASS_NOT_ON_SALE.message, maxQuantity: 0 };
  // What my orders took counts against the limit, those still waiting for their payment included, as the API counts
  // it; passes given to me (a code, a check-in bonus, an airdrop) do not.
  const allowed = pass.perPersonLimit === null ? MAX_ORDER_QUANTITY : pass.perPersonLimit - pass.bought;
  const maxQuantity = Math.min(MAX_ORDER_QUANTITY, pass.remaining, allowed);
  if (allowed < 1) {
    const reason =
      pass.pending > 0
        ? `With the ${pass.pending === 1 ? 'one' : formatCount(pass.pending)} held for you, that is as many as one person may buy.`
        : errorCatalogue.PASS_LIMIT_REACHED.message;
    return { canBuy: false, reason, maxQuantity: 0 };
  }
  if (maxQuantity < 1) return { canBuy: false, reason: errorCatalogue.PASS_SOLD_OUT.message, maxQuantity: 0 };
  return { canBuy: true, reason: null, maxQuantity };
}

const headlines: Record<TPassStatus, string> = {
  UPCOMING: 'Coming soon',
  ON_SALE: 'On sale now',
  SOLD_OUT: 'Sold out',
  ENDED: 'Sale ended',
};

/** Where the sale stands now, its one countdown, what the viewer holds, and the Buy button (or why there is none). */
function PassSalePanel({ pass, status, now }: { pass: TPass; status: TPassStatus; now: Date }) {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const popup = usePurchasePopup();
  const allowance = passAllowance(pass, status);
  const isOpen = popup.chosen === '1' && isLoggedIn && allowance.canBuy;
  const isForSale = status === 'ON_SALE' || status === 'UPCOMING';

  const countdown =
    status === 'UPCOMING'
      ? { label: 'Sale opens in', to: pass.saleBeginAt }
      : status === 'ON_SALE'
        ? { label: 'Sale ends in', to: pass.saleEndAt }
        : null;
  return (
    <StatusPanel isLive={status === 'ON_SALE'} headline={headlines[status]} countdown={countdown} now={now}>
      {popup.chosen === '1' && isLoggedIn && !allowance.canBuy ? (
        // Why is the panel's to say, below it (its headline, "All 500 passes have been claimed", the reason): not twice.
        <PurchaseClosedNotice title="This pass cannot be bought right now" onDismiss={popup.close} />
      ) : null}
      {status === 'SOLD_OUT' ? (
        <p className={dropStyles.muted}>
          {pass.supply === 1
            ? 'Its one pass has been claimed.'
            : `All ${formatCount(pass.supply)} passes have been claimed.`}
        </p>
      ) : null}
      {status === 'ENDED' ? (
        <p className={dropStyles.muted}>
          The sale ended <time dateTime={pass.saleEndAt}>{formatDateTimeWithZone(pass.saleEndAt)}</time>.
        </p>
      ) : null}

      {pass.held > 0 ? <HeldNotice pass={pass} now={now} /> : null}
      {pass.pending > 0 ? (
        <p className={dropStyles.muted}>
          {pass.pending === 1 ? 'One pass is' : `${formatCount(pass.pending)} passes are`} held for you while your
          payment is confirmed. <Link to="/payment?tab=purchases">Your purchases</Link>
        </p>
      ) : null}

      {!isForSale ? null : !isLoggedIn ? (
        <SignInToBuy />
      ) : (
        <>
          <BuyButton canBuy={allowance.canBuy} onBuy={() => popup.open()}>
            {pass.held > 0 ? 'Buy another' : 'Buy pass'}
          </BuyButton>
          {allowance.reason ? (
            <p id={BUY_REASON_ID} className={dropStyles.muted}>
              {allowance.reason}
            </p>
          ) : null}
        </>
      )}
      {isOpen ? (
        <Suspense fallback={null}>
          <LazyPurchaseDialog
            item={{
              request: { passId: pass.id },
              title: `Buy ${pass.name}`,
              returnTo: `/pass/${pass.id}?buy=1`,
              unit: passUnit,
            }}
            isOpen
            onClose={popup.close}
            maxQuantity={allowance.maxQuantity}
            onDropChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.passes.detail(pass.id) })}
          />
        </Suspense>
      ) : null}
    </StatusPanel>
  );
}

/**
 * "You hold this pass · valid until …" ("3 of these passes" for several): how many, and whether it opens rounds now,
 * from when, or no longer.
 */
function HeldNotice({ pass, now }: { pass: TPass; now: Date }) {
  const what = pass.held === 1 ? 'this pass' : `${formatCount(pass.held)} of these passes`;
  const at = now.getTime();
  const validity =
    at < Date.parse(pass.validFrom) ? (
      <>
        valid from <time dateTime={pass.validFrom}>{formatDateTimeWithZone(pass.validFrom)}</time> until{' '}
        <time dateTime={pass.validUntil}>{formatDateTimeWithZone(pass.validUntil)}</time>
      </>
    ) : at < Date.parse(pass.validUntil) ? (
      <>
        valid until{' '}
        <time dateTime={pass.validUntil} title={formatDateTimeWithZone(pass.validUntil)}>
          {formatDate(pass.validUntil)}
        </time>
      </>
    ) : (
      <>
        expired{' '}
        <time dateTime={pass.validUntil} title={formatDateTimeWithZone(pass.validUntil)}>
          {formatDate(pass.validUntil)}
        </time>
      </>
    );
  return (
    <div className={styles.held} role="group" aria-label="Your pass">
      <Icon name="key" size={20} />
      <p>
        You hold {what} · {validity}
      </p>
      <Link to="/pass?show=mine" className={dropStyles.inlineLink}>
        My passes
      </Link>
    </div>
  );
}

function roundState(round: TPassRound, now: Date): { label: string; tone: BadgeTone } {
  const at = now.getTime();
  if (at < Date.parse(round.saleBeginAt)) return { label: passStatusLabels.UPCOMING, tone: 'neutral' };
  if (at < Date.parse(round.saleEndAt)) return { label: passStatusLabels.ON_SALE, tone: 'success' };
  return { label: passStatusLabels.ENDED, tone: 'neutral' };
}

/** The published rounds open to holders of this pass, in time order: the drop, the round and when it sells. */
function OpenedRounds({ rounds, now }: { rounds: TPassRound[]; now: Date }) {
  if (rounds.length === 0) {
    return (
      <p className={`${dropStyles.panel} ${dropStyles.muted}`}>
        No rounds yet. When the brand announces a drop with a round for this pass&apos;s holders, it appears here.
      </p>
    );
  }
  return (
    <ol className={styles.rounds} aria-label="Rounds for holders">
      {rounds.map((round) => {
        const state = roundState(round, now);
        return (
          <li key={`${round.dropId}:${round.round}`} className={styles.round}>
            <div className={styles.roundHeader}>
              <Link to={dropPath(round.dropId)} className={styles.dropName}>
                {round.dropName}
              </Link>
              <Badge tone={state.tone}>{state.label}</Badge>
            </div>
            <p className={dropStyles.muted}>
              Round {formatCount(round.round)} ·{' '}
              <time dateTime={round.saleBeginAt}>{formatDateTimeWithZone(round.saleBeginAt)}</time> to{' '}
              <time dateTime={round.saleEndAt}>{formatDateTimeWithZone(round.saleEndAt)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
