import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { claimBuyerHash, packNumbersOfOrder, type TClaimLogEntry, type TOrder } from '@cypher/contract';
import { useMyUser } from '../../../api/my-user.ts';
import { useMyPacks } from '../../../api/packs/list-my-packs.ts';
import { purchasePath } from '../../../lib/drop-paths.ts';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { orderPaymentMethodLabels, orderStatusLabel, packCountText } from '../../../lib/order-words.ts';
import { useSession } from '../../../lib/session.ts';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useWholeClaimLog } from '../api/get-claim-log.ts';
import { useMyOrdersOfDrop } from '../api/list-my-orders.ts';
import { packsText } from './claim-log-words.ts';
import { ProvenanceCard } from './provenance-card.tsx';
import { RetryAlert } from './retry-alert.tsx';
import styles from './provenance.module.css';

type TOrderClaimsCheck = {
  order: TOrder;
  /** The numbers the log says the order holds: claimed under my buyer hash, and not released since. */
  logged: number[];
  /** The numbers of the packs I hold from the order. */
  held: number[];
  /** When the log's claims of the held packs were made (the first of them). */
  claimedAt: string | null;
  /** Entries of this order whose buyer hash is not mine. */
  foreignCount: number;
  isMatched: boolean;
};

function checkOrderClaims(
  order: TOrder & { buyerSalt: string },
  userId: string,
  entries: readonly TClaimLogEntry[],
  heldNumbers: number[],
): TOrderClaimsCheck {
  const buyerHash = claimBuyerHash(order.buyerSalt, userId);
  const ofOrder = entries.filter((entry) => entry.orderId === order.id);
  const mine = ofOrder.filter((entry) => entry.buyerHash === buyerHash);
  const logged = packNumbersOfOrder(mine, order.id);
  const held = [...heldNumbers].sort((a, b) => a - b);
  const claimedAt = mine.find((entry) => entry.kind === 'CLAIMED' && logged.includes(entry.packNumber))?.at ?? null;
  const foreignCount = ofOrder.length - mine.length;
  const isMatched =
    foreignCount === 0 && logged.length === held.length && logged.every((number, index) => number === held[index]);
  return { order, logged, held, claimedAt, foreignCount, isMatched };
}

function OrderClaimsRow({ check }: { check: TOrderClaimsCheck }) {
  const { order, logged, held, claimedAt, foreignCount, isMatched } = check;
  let words: ReactNode;
  if (isMatched && logged.length > 0) {
    words = (
      <>
        {packsText(logged)} claimed
        {claimedAt ? (
          <>
            {' '}
            at <time dateTime={claimedAt}>{formatDateTimeWithZone(claimedAt)}</time>
          </>
        ) : null}
        ; {logged.length === 1 ? 'it is the pack' : 'they are the packs'} you hold.
      </>
    );
  } else if (isMatched) {
    words = 'the log shows no pack still claimed by it, and you hold none from it.';
  } else {
    const foreign =
      foreignCount > 0
        ? ` ${formatCount(foreignCount)} of its ${foreignCount === 1 ? 'entries names' : 'entries name'} a different buyer.`
        : '';
    words = `the log says ${packsText(logged)}, but you hold ${packsText(held)} from it.${foreign}`;
  }
  return (
    <li className={styles.pack}>
      <span className={styles.claim}>
        <Icon
          name={isMatched ? 'check' : 'alert'}
          size={18}
          label={isMatched ? 'Matches' : 'Differs'}
          className={isMatched ? styles.good : styles.bad}
        />
        <span>
          <Link to={purchasePath(order.id)}>
            Order of <time dateTime={order.createdAt}>{formatDateTimeWithZone(order.createdAt)}</time>
          </Link>
          : {words}
        </span>
      </span>
      <span className={styles.claimMeta}>
        {packCountText(order.quantity)} · {orderPaymentMethodLabels[order.paymentMethod]} ·{' '}
        {orderStatusLabel(order).label}
      </span>
    </li>
  );
}

/**
 * A signed-in buyer's orders of this drop: the log's entries under their buyer hash (only they know the order's salt)
 * give the pack numbers each order claimed, compared with the numbers of the packs they hold from it.
 */
export function MyClaimsCheck({ dropId }: { dropId: string }) {
  const { isLoggedIn } = useSession();
  const me = useMyUser();
  const orders = useMyOrdersOfDrop(dropId, { isEnabled: isLoggedIn });
  const packs = useMyPacks({ isEnabled: isLoggedIn });
  const log = useWholeClaimLog(dropId, { isEnabled: isLoggedIn });

  let content;
  if (!isLoggedIn) {
    content = (
      <p className={styles.muted}>
        <Link to={`/signin?redirectTo=${encodeURIComponent(`/drops/${dropId}/provenance`)}`}>Sign in</Link> to check
        that the packs the claim log gives your orders are the packs you hold.
      </p>
    );
  } else if (me.error || orders.isError || packs.isError || log.isError) {
    const error = me.error ?? orders.error ?? packs.error ?? log.error!;
    content = (
      <RetryAlert
        title="We could not load your claims"
        error={error}
        onRetry={() => {
          if (me.error) void me.refetch();
          if (orders.isError) void orders.refetch();
          if (packs.isError) void packs.refetch();
          if (log.isError) void log.refetch();
        }}
        isRetrying={orders.isRefetching || packs.isRefetching || log.isRefetching}
      />
    );
  } else if (me.user === undefined || orders.isPending || packs.isPending || log.isPending) {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading your claims">
        <Skeleton height="3rem" />
      </div>
    );
  } else {
    const userId = me.user.id;
    const entries = log.data.entries ?? [];
    const withSalt = orders.data.filter((order): order is TOrder & { buyerSalt: string } => order.buyerSalt !== null);
    const myPacks = packs.data.groups.flatMap((group) => group.packs).filter((pack) => pack.drop.id === dropId);
    if (orders.data.length === 0) {
      content = <p className={styles.muted}>You have no orders of this drop, so the log holds no claims of yours.</p>;
    } else if (withSalt.length === 0) {
      content = (
        <p className={styles.muted}>
          Your orders of this drop were placed before the claim log was kept, so it holds no claims of yours.
        </p>
      );
    } else {
      // Oldest first: the order the log was written in.
      const checks = [...withSalt]
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((order) =>
          checkOrderClaims(
            order,
            userId,
            entries,
            myPacks.filter((pack) => pack.orderId === order.id).map((pack) => pack.number),
          ),
        );
      content = (
        <ul className={styles.packs} aria-label="My claims of this drop">
          {checks.map((check) => (
            <OrderClaimsRow key={check.order.id} check={check} />
          ))}
        </ul>
      );
    }
  }
  return <ProvenanceCard title="Your claims">{content}</ProvenanceCard>;
}
