import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import {
  errorCatalogue,
  purchaseStatusPath,
  raffleWinnerLimit,
  type TDrop,
  type TDropViewer,
  type TPassGuarantee,
  type TSalePolicy,
} from '@cypher/contract';
import { queryKeys } from '../../api/query-keys.ts';
import { brandPath } from '../../lib/catalog-paths.ts';
import { dropPath, dropProvenancePath, myPacksPath } from '../../lib/drop-paths.ts';
import { formatCount, formatDateTimeWithZone } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useFormatDateTime } from '../../lib/use-format-date-time.ts';
import { useNow } from '../../lib/use-now.ts';
import { useRefetchWhenChanged } from '../../lib/use-refetch-when-changed.ts';
import { appConfig } from '../../config.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Countdown } from '../../ui/countdown.tsx';
import { StatusPanel } from '../../ui/status-panel.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { DetailSection } from '../../ui/detail-section.tsx';
import { ArtworkImage, ArtworkLayout } from '../../ui/artwork-layout.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useDrop } from './api/get-drop.ts';
import { useLiveDropCounts } from './api/live-drop-counts.ts';
import { useWaitingRoom } from './api/get-waiting-room.ts';
import {
  BUY_REASON_ID,
  BuyButton,
  LazyPurchaseDialog,
  loadPurchaseDialog,
  SignInToBuy,
} from './components/buy-button.tsx';
import { DropContents } from './components/drop-contents.tsx';
import { DropReminder, reminderOffer, unlessNotDrawn } from './components/drop-reminder.tsx';
import { DropRounds } from './components/drop-rounds.tsx';
import { PurchaseClosedNotice } from './components/purchase-closed-notice.tsx';
import { useRaffleRound } from './api/raffle-round.ts';
import { RafflePanel, type TRaffleBuying } from './components/raffle-panel.tsx';
import { isOpenForJoiningAt, serverNowOf, WaitingRoomPanel } from './components/waiting-room-panel.tsx';
import { dropPhaseAt, packsLeft, roundInFocus, type TDropPhase } from '../../lib/drop-phase.ts';
import { dropPreviewFacts } from './drop-preview-facts.ts';
import { packsWithinReach, purchaseAllowance, raffleAllowance, winnerCountdown } from './purchase-allowance.ts';
import styles from './components/drop-detail.module.css';
import { usePurchasePopup } from './use-purchase-popup.ts';

// The purchase form (react-hook-form, zod) loads when someone is about to buy, not with the page.

/**
 * `/drops/:id`: the artwork, where the drop stands now (a countdown that ticks every second and turns the page at
 * each boundary by itself), the rounds, the editions and odds, the viewer's whitelist state and allowance, the
 * provenance commitment, and the Buy button with its popup (`?buy=1` opens it, for the way back from adding funds).
 */
export default function DropDetailPage() {
  const { id = '' } = useParams();
  const drop = useDrop(id);
  const now = useNow();

  if (drop.data === undefined) {
    return <DetailLoadStates query={drop} what="drop" browseTo="/drops" browseLabel="Browse drops" />;
  }
  return <DropDetail drop={drop.data} read={drop} now={now} />;
}

/** `read`: the drop's query, for a panel that says when the latest read failed (the page keeps the last answer). */
function DropDetail({ drop, read, now }: { drop: TDrop; read: UseQueryResult<TDrop>; now: Date }) {
  const phase = dropPhaseAt(drop, now);
  const formatTime = useFormatDateTime();
  // Sold counts as they move, pushed by the server while the drop can still sell (its own refresh stays the fallback).
  useLiveDropCounts(drop.id, phase.status !== 'COMPLETED');

  // At a boundary (the sale opens, a round ends) the rounds' counts and the viewer's allowance move: read them again.
  useRefetchWhenChanged(phase.key, queryKeys.drops.detail(drop.id));

  return (
    <div className="container">
      <PageMeta
        title={`${drop.name} · ${drop.brand.name}`}
        description={drop.description ?? `A drop of limited packs from ${drop.brand.name}.`}
        image={drop.imageUrl}
        path={dropPath(drop.id)}
        facts={dropPreviewFacts(drop, phase, formatTime)}
      />
      <ArtworkLayout
        artwork={<ArtworkImage src={drop.imageUrl} name={drop.name} />}
        brand={{ name: drop.brand.name, logoUrl: drop.brand.logoUrl, to: brandPath(drop.brand) }}
        title={drop.name}
      >
        <SaleStatus drop={drop} phase={phase} now={now} />
        {drop.description ? <p className={styles.description}>{drop.description}</p> : null}
        <ViewerPanel drop={drop} phase={phase} read={read} now={now} />
        <dl className={styles.facts} aria-label="Editions and packs">
          <div>
            <dt>Total editions</dt>
            <dd>{formatCount(drop.editions.total)}</dd>
          </div>
          <div>
            <dt>Guaranteed per pack</dt>
            <dd>
              {formatCount(drop.editions.guaranteedPerPack)}{' '}
              {drop.editions.guaranteedPerPack === 1 ? 'edition' : 'editions'}
            </dd>
          </div>
          <div>
            <dt>Packs sold</dt>
            <dd>
              {formatCount(drop.counts.soldCount)} of {formatCount(drop.counts.dropCount)}
            </dd>
          </div>
          <div>
            <dt>Rounds</dt>
            <dd>{formatCount(drop.counts.roundCount)}</dd>
          </div>
          {/* Never on sale, so not in the counts above: given by codes, check-ins and airdrops (decision record 36). */}
          {drop.giftRound ? (
            <div>
              <dt>Set aside for giveaways</dt>
              <dd>
                {formatCount(drop.giftRound.packCount)} {drop.giftRound.packCount === 1 ? 'pack' : 'packs'};{' '}
                {formatCount(drop.giftRound.givenCount)} given
              </dd>
            </div>
          ) : null}
        </dl>
      </ArtworkLayout>

      <DetailSection title="Sale rounds">
        <DropRounds drop={drop} phase={phase} now={now} money={{ cypMinorUnits: appConfig.cypMinorUnits }} />
      </DetailSection>

      <DetailSection title="What the packs hold">
        <DropContents drop={drop} />
      </DetailSection>

      <DetailSection title="Provenance">
        <div className={styles.panel}>
          <p className={styles.muted}>
            Every pack&apos;s contents were fixed from a secret seed when the drop was published, and this commitment (a
            SHA-256 hash of the seed and the contents) was published with it. The seed is revealed when the drop ends,
            so anyone can check that no pack was changed.
          </p>
          {drop.commitment ? (
            <p className={styles.commitment}>
              <span className="visually-hidden">Commitment: </span>
              {drop.commitment}
            </p>
          ) : (
            <p className={styles.muted}>The commitment is published when the drop is.</p>
          )}
          <Link to={dropProvenancePath(drop.id)} className={styles.inlineLink}>
            {phase.status === 'COMPLETED' ? 'Check the provenance' : 'How the provenance check works'}
          </Link>
        </div>
      </DetailSection>
    </div>
  );
}

/**
 * Where the drop stands now, the one countdown that matters, and the Buy button (or why there is none); with nothing
 * to buy and a round to come, "Remind me" (components/drop-reminder.tsx). When the round in focus (the one on sale,
 * else the next) has a waiting room, the waiting room stands where the Buy button would (components/
 * waiting-room-panel.tsx), and the purchase popup opens with the admission it gave, by itself the first time. A later
 * round's waiting room shows below once people may join it. A round on sale that has sold every pack is shown sold
 * out and nothing else: no waiting room, no Buy button.
 */
function SaleStatus({ drop, phase, now }: { drop: TDrop; phase: TDropPhase; now: Date }) {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const popup = usePurchasePopup();
  const isBuying = popup.chosen === '1';
  const formatTime = useFormatDateTime();
  const focus = roundInFocus(phase);
  // A raffle round sells to its winners only (RAFFLE_NOT_A_WINNER): the Buy button says so instead of failing later.
  const raffle = useRaffleRound(focus?.isRaffle ? focus.id : null, focus?.saleEndAt ?? null);
  const allowance = raffleAllowance(purchaseAllowance(drop, phase, now), raffle.data ?? null, now);
  const offer = reminderOffer(drop, now, isLoggedIn);
  // Of a raffle round, only its winners are reminded once it is drawn: not offered before its read is in, rather than
  // offered and taken back (the page shares the raffle's read with its panel below).
  const offerRound = drop.salePolicies.find((round) => round.id === offer?.policyId) ?? null;
  const offerRaffle = useRaffleRound(offerRound?.isRaffle ? offerRound.id : null, offerRound?.saleEndAt ?? null);
  const reminder =
    offerRound?.isRaffle && offerRaffle.isPending ? null : unlessNotDrawn(offer, offerRaffle.data ?? null);
  const isSelling = phase.status !== 'COMPLETED' && !phase.isSoldOut;
  // Sold out as the page counts it: held packs count as sold until their payment ends (decision record 35). One that
  // comes back puts the round on sale again, the live counts say so, and its waiting room returns with it.
  const isFocusSoldOut = phase.isRoundSoldOut && phase.round.isCurrentActive;
  const focusRound = focus;
  const room = useWaitingRoom(drop.id, focusRound?.round ?? null, isSelling && focusRound !== null && !isFocusSoldOut);
  const hasRoom =
    isSelling && !isFocusSoldOut && room.data?.hasWaitingRoom === true && room.data.round === focusRound?.round;
  // Until the first answer, nobody can tell whether this round is bought through a waiting room: no Buy button yet
  // (with nothing to buy, what was there stays). Should that read fail, the page falls back to the Buy button; the API
  // still refuses a purchase without an admission (ADMISSION_REQUIRED), and that refusal reads the drop and its room
  // again.
  const isRoomLoading = allowance.canBuy && focusRound !== null && room.isLoading;
  const turn = hasRoom && room.data?.viewer?.status === 'ADMITTED' ? room.data.viewer : null;
  const admission = turn?.admissionToken ?? null;
  // Rounds after the one in focus whose room may be open for joining already (a room opens up to a day before its
  // round, often while earlier rounds sell); a raffle round has none (WAITING_ROOM_ROUND_IS_RAFFLE).
  const laterRounds =
    isSelling && focusRound
      ? drop.salePolicies
          .filter((round) => round.round > focusRound.round && !round.isRaffle)
          .sort((a, b) => a.round - b.round)
      : [];
  const isOpen = isBuying && isLoggedIn && allowance.canBuy && (!hasRoom || admission !== null);
  const countdown = winnerCountdown(phase, raffle.data ?? null, now) ?? phase.countdown;
  // The drop's end beside the countdown, unless that countdown already ends with the drop (a last round's end).
  const isDropEndShown =
    phase.status === 'AVAILABLE' &&
    !phase.isSoldOut &&
    (countdown === null || Date.parse(countdown.to) !== Date.parse(drop.dropEndAt));

  // Admitted: the purchase popup opens by itself, once per admission (closing it leaves Buy packs in the panel).
  useEffect(() => {
    if (!admission || !allowance.canBuy || wasPopupOpenedFor(admission)) return;
    rememberPopupOpenedFor(admission);
    void loadPurchaseDialog();
    popup.open();
  }, [admission, allowance.canBuy]);

  const isLive = phase.isOnSale;
  return (
    <StatusPanel isLive={isLive} headline={phase.headline} countdown={countdown} now={now}>
      {isBuying && isLoggedIn && !allowance.canBuy ? (
        // Why is the panel's to say, below it (its headline, "Sold out", the reason under Buy packs): not twice.
        <PurchaseClosedNotice title="These packs cannot be bought right now" onDismiss={popup.close} />
      ) : null}
      {isDropEndShown ? (
        <p className={styles.muted}>
          Drop ends in <Countdown to={drop.dropEndAt} now={now} />
        </p>
      ) : null}
      {phase.isSoldOut ? (
        <p className={styles.muted}>
          {drop.counts.dropCount === 1
            ? 'Its one pack has been claimed.'
            : `All ${formatCount(drop.counts.dropCount)} packs have been claimed.`}
        </p>
      ) : null}
      {phase.status === 'COMPLETED' ? (
        <p className={styles.muted}>
          Ended <time dateTime={drop.dropEndAt}>{formatTime(drop.dropEndAt)}</time>.
        </p>
      ) : null}

      {phase.status === 'COMPLETED' || phase.isSoldOut ? null : (hasRoom || isRoomLoading) && focusRound ? (
        <>
          <WaitingRoomPanel
            dropId={drop.id}
            round={focusRound.round}
            room={room}
            now={now}
            canBuy={allowance.canBuy}
            buyReason={allowance.reason}
            onBuy={() => popup.open()}
          />
          {/* A round to come whose room is not open yet: a reminder still helps (it comes at the round's opening). */}
          {reminder && hasRoom && !room.data?.isOpenForJoining ? (
            <DropReminder drop={drop} reminder={reminder} isMain={false} />
          ) : null}
        </>
      ) : reminder && !allowance.canBuy ? (
        // Nothing to buy now, a round to come: "Remind me" stands where a greyed-out Buy button would.
        <>
          {isLoggedIn && allowance.reason && allowance.reason !== phase.headline ? (
            <p className={styles.muted}>{allowance.reason}</p>
          ) : null}
          <DropReminder drop={drop} reminder={reminder} isMain />
        </>
      ) : isFocusSoldOut ? (
        <p className={styles.muted}>{errorCatalogue.SOLD_OUT.message}</p>
      ) : !isLoggedIn ? (
        <SignInToBuy />
      ) : (
        <>
          <BuyButton canBuy={allowance.canBuy} onBuy={() => popup.open()}>
            Buy packs
          </BuyButton>
          {allowance.reason && allowance.reason !== phase.headline ? (
            <p id={BUY_REASON_ID} className={styles.muted}>
              {allowance.reason}
            </p>
          ) : allowance.canBuy ? null : (
            <span id={BUY_REASON_ID} className="visually-hidden">
              {phase.headline}
            </span>
          )}
          {reminder?.isSet ? <DropReminder drop={drop} reminder={reminder} isMain={false} /> : null}
        </>
      )}
      {laterRounds.map((round) => (
        <LaterWaitingRoom key={round.id} dropId={drop.id} round={round.round} now={now} />
      ))}
      {/* Every raffle round still to sell: registration runs before its round opens, often while an earlier one sells. */}
      {isSelling
        ? drop.salePolicies
            .filter((round) => round.isRaffle && Date.parse(round.saleEndAt) > now.getTime())
            .map((round) => (
              <RafflePanel
                key={round.id}
                dropId={drop.id}
                roundId={round.id}
                roundEndsAt={round.saleEndAt}
                now={now}
                buying={raffleBuying(drop, phase, round)}
              />
            ))
        : null}
      {isOpen ? (
        <Suspense fallback={null}>
          <LazyPurchaseDialog
            item={{
              request: { dropId: drop.id },
              title: `Buy packs of ${drop.name}`,
              returnTo: `/drops/${drop.id}?buy=1`,
            }}
            isOpen
            onClose={popup.close}
            maxQuantity={allowance.maxQuantity}
            admission={
              admission && turn?.admissionExpiresAt
                ? { token: admission, turnEndsAt: turn.admissionExpiresAt, now: serverNowOf(room, now) }
                : undefined
            }
            onDropChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.drops.detail(drop.id) })}
          />
        </Suspense>
      ) : null}
    </StatusPanel>
  );
}

/**
 * The viewer's buying in a raffle's round while it is the one on sale, for its panel: the viewer part's allowance
 * speaks of that round only then (drop-viewer.ts), so a round still to come gets null.
 */
function raffleBuying(drop: TDrop, phase: TDropPhase, round: TSalePolicy): TRaffleBuying | null {
  const viewer = drop.viewer;
  const isCurrent = phase.round.isCurrentActive && phase.round.current?.id === round.id;
  if (!viewer || viewer.remaining === null || !isCurrent) return null;
  return {
    remaining: viewer.remaining,
    hasBought: viewer.remaining < raffleWinnerLimit(round.perPersonLimit),
    isSoldOut: packsLeft(round) === 0,
    // The round's own unpaid order, not another round's of the drop: the panel says its packs are held while paying.
    heldPurchasePath: viewer.heldInRoundOrderId ? purchaseStatusPath(viewer.heldInRoundOrderId) : null,
  };
}

/**
 * A later round's waiting room, once people may join it (by the server's clock), or once the viewer is in it: its
 * own read, asked for every later round, since which rounds have a room is known only from the rooms themselves.
 */
function LaterWaitingRoom({ dropId, round, now }: { dropId: string; round: number; now: Date }) {
  const room = useWaitingRoom(dropId, round, true);
  const data = room.data;
  if (data?.hasWaitingRoom !== true || data.round !== round) return null;
  const isIn = data.viewer !== null && data.viewer.status !== 'NOT_JOINED';
  if (!isIn && !isOpenForJoiningAt(data, serverNowOf(room, now))) return null;
  return (
    <WaitingRoomPanel
      dropId={dropId}
      round={round}
      title={`Round ${round} waiting room`}
      room={room}
      now={now}
      canBuy={false}
      buyReason={null}
      onBuy={() => undefined}
    />
  );
}

/**
 * The admission whose purchase popup opened by itself, kept for the tab rather than the page: an admission stays
 * valid until it expires, and Back from the purchase's status page mounts this page again, which would open the
 * popup again, one tap from paying twice.
 */
const POPUP_OPENED_FOR_KEY = 'cypher:purchasePopupOpenedFor';

function wasPopupOpenedFor(admission: string): boolean {
  try {
    return sessionStorage.getItem(POPUP_OPENED_FOR_KEY) === admission;
  } catch {
    return false;
  }
}

function rememberPopupOpenedFor(admission: string): void {
  try {
    sessionStorage.setItem(POPUP_OPENED_FOR_KEY, admission);
  } catch {
    // Storage refused (a locked-down browser): the popup may open again on the way back, as a page without it would.
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const packsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'pack' : 'packs'}`;

/** The caller's place in a round that holds packs back for holders of a pass (decision record 29). */
function guaranteeText(
  guarantee: TPassGuarantee & NonNullable<TDropViewer['passGuarantee']>,
  roundName: string,
  heldBackLeft: number,
): string {
  const until = formatDateTimeWithZone(guarantee.endsAt);
  if (!guarantee.holdsPass) {
    // The packs still held, not the number held at the opening: holders' purchases take them out of it.
    return heldBackLeft === 0
      ? `${capitalized(roundName)} is open to everyone; holders of ${guarantee.pass.name} have bought every pack held for them.`
      : `${capitalized(roundName)} is open to everyone, and ${packsText(heldBackLeft)} of it ${heldBackLeft === 1 ? 'is' : 'are'} held for holders of ${guarantee.pass.name} until ${until}.`;
  }
  if (guarantee.packsLeft === 0) {
    return `You have bought the ${packsText(guarantee.packsPerHolder)} your ${guarantee.pass.name} guarantees you in ${roundName}.`;
  }
  return `Your ${guarantee.pass.name} guarantees you ${packsText(guarantee.packsLeft)} in ${roundName} until ${until}.`;
}

/**
 * The signed-in viewer's place in the current (or next) round: whitelist or pass, what is left to buy, what they
 * hold.
 */
function ViewerPanel({
  drop,
  phase,
  read,
  now,
}: {
  drop: TDrop;
  phase: TDropPhase;
  read: UseQueryResult<TDrop>;
  now: Date;
}) {
  const { isLoggedIn } = useSession();
  if (phase.status === 'COMPLETED') return null;
  // Signed in, on a page the server rendered for visitors, and the person's own read failed: the visitor's answer
  // stays on the page, so without this the line below would load for ever, with no way to ask again.
  if (isLoggedIn && !drop.viewer && read.isError) {
    return (
      <Alert
        tone="error"
        title="We could not load your allowance"
        action={
          <Button size="sm" variant="secondary" onClick={() => void read.refetch()} isLoading={read.isFetching}>
            Try again
          </Button>
        }
      >
        {read.error.message}
      </Alert>
    );
  }
  // Signed in, on a page the server rendered for visitors: until the person's own answer comes, a line in its place.
  if (isLoggedIn && !drop.viewer) {
    return (
      <div role="status" className={styles.viewer} aria-busy="true" aria-label="Loading your allowance">
        <Skeleton width="80%" />
      </div>
    );
  }
  // The round on sale has sold every pack: who may buy in it, and how many, no longer matters (the status says so).
  const isRoundSoldOut = phase.isRoundSoldOut && phase.round.isCurrentActive;
  if (!isLoggedIn || !drop.viewer) {
    return isRoundSoldOut ? null : (
      <p className={styles.viewer}>
        Sign in to see whether you are on a round&apos;s whitelist and how many packs you may buy.
      </p>
    );
  }
  const { isWhitelisted, holdsRequiredPass, passGuarantee, remaining, purchasedCount } = drop.viewer;
  if (isRoundSoldOut) {
    return purchasedCount > 0 ? (
      <div className={styles.viewer} aria-label="Your allowance" role="group">
        <Holdings viewer={drop.viewer} />
      </div>
    ) : null;
  }
  const round = roundInFocus(phase);
  const roundName = round ? `round ${round.round}` : 'this round';
  const requiredPass = round?.requiredPass ?? null;
  const guarantee = passGuarantee && round?.passGuarantee ? { ...passGuarantee, ...round.passGuarantee } : null;
  const isShut = isWhitelisted === false || holdsRequiredPass === false;
  // While packs are held back for pass holders, what the viewer can take now may be fewer than their limit.
  const reach = round ? packsWithinReach(round, drop.viewer, now) : null;
  // The allowance never promises more than the round has left: with 3 packs in all, "up to 5" read as 5 to be had
  // (session 76's hunt); the purchase popup's quantity already stopped at what is left.
  const withinReach = remaining === null ? null : round ? Math.min(remaining, packsLeft(round)) : remaining;
  return (
    <div className={styles.viewer} aria-label="Your allowance" role="group">
      {requiredPass ? (
        <p>
          {holdsRequiredPass
            ? `Your ${requiredPass.name} opens ${roundName}. `
            : `${capitalized(roundName)} is for holders of ${requiredPass.name}. `}
          <Link to={`/pass/${requiredPass.id}`} className={styles.inlineLink}>
            {holdsRequiredPass ? 'See the pass' : 'Get the pass'}
          </Link>
        </p>
      ) : guarantee ? (
        <p>
          {guaranteeText(guarantee, roundName, round?.heldBackLeftCount ?? 0)}{' '}
          <Link to={`/pass/${guarantee.pass.id}`} className={styles.inlineLink}>
            {guarantee.holdsPass ? 'See the pass' : 'Get the pass'}
          </Link>
        </p>
      ) : round?.isRaffle ? (
        // The raffle's own panel says whether registration is open and who won; this only says what the round is.
        <p>{`${capitalized(roundName)} goes to the winners of its raffle.`}</p>
      ) : (
        <p>
          {isWhitelisted === null
            ? `You may buy in ${roundName}: it is open to everyone.`
            : isWhitelisted
              ? `You are on the whitelist for ${roundName}.`
              : `You are not on the whitelist for ${roundName}.`}
        </p>
      )}
      {isShut ? null : reach === 0 && remaining !== 0 ? (
        <p>
          {guarantee?.holdsPass
            ? `Until the hold ends, the other packs left in ${roundName} are for other holders: any they leave then go on sale to everyone.`
            : `Until the hold ends, the packs left in ${roundName} are for pass holders: any they leave then go on sale to everyone.`}
        </p>
      ) : reach !== null && (remaining === null || reach < remaining) ? (
        <p>{`You can buy up to ${packsText(reach)} in ${roundName} while the hold lasts.`}</p>
      ) : (
        <p>
          {remaining === null || withinReach === null
            ? `No per-person limit in ${roundName}.`
            : remaining === 0
              ? `You have bought all the packs one person may buy in ${roundName}.`
              : remaining === round?.perPersonLimit
                ? // Nothing bought in this round yet: "more" would speak of purchases that never happened; in a
                  // raffle's round only a winner buys at all.
                  `${round?.isRaffle ? 'Each winner can' : 'You can'} buy up to ${packsText(withinReach)} in ${roundName}.`
                : `You can buy ${formatCount(withinReach)} more ${withinReach === 1 ? 'pack' : 'packs'} in ${roundName}.`}
        </p>
      )}
      {purchasedCount > 0 ? <Holdings viewer={drop.viewer} /> : null}
    </div>
  );
}

/**
 * The viewer's packs of this drop: the paid ones, in My packs, and apart from them the ones only held while an order
 * waits for payment, which My packs does not show yet and which go back on sale if the hold times out (drop day: they
 * were counted as held packs, with My packs empty).
 */
function Holdings({ viewer }: { viewer: TDropViewer }) {
  const paidCount = Math.max(0, viewer.purchasedCount - viewer.heldCount);
  return (
    <>
      {paidCount > 0 ? (
        <p>
          You hold {packsText(paidCount)} from this drop.{' '}
          <Link to={myPacksPath} className={styles.inlineLink}>
            My packs
          </Link>
        </p>
      ) : null}
      {viewer.heldCount > 0 ? (
        <p>
          {packsText(viewer.heldCount)} held while you pay.{' '}
          <Link
            to={viewer.heldOrderId ? purchaseStatusPath(viewer.heldOrderId) : '/payment?tab=purchases'}
            className={styles.inlineLink}
          >
            See the purchase
          </Link>
        </p>
      ) : null}
    </>
  );
}
