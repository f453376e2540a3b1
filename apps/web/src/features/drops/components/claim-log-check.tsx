import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  claimBuyerHash,
  packNumbersOfOrder,
  verifyClaimLog,
  type TClaimLogEntry,
  type TClaimLogHead,
  type TClaimLogVerdict,
  type TOrder,
} from '@cypher/contract';
import { useMyUser } from '../../../api/my-user.ts';
import { purchasePath } from '../../../lib/drop-paths.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { orderPaymentMethodLabels, orderStatusLabels, packCountText } from '../../../lib/order-words.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useWholeClaimLog } from '../api/get-claim-log.ts';
import { useMyPacks } from '../../../api/packs/list-my-packs.ts';
import { useMyOrdersOfDrop } from '../api/list-my-orders.ts';
import { ProvenanceCard } from './provenance-card.tsx';
import styles from './provenance.module.css';

/** "1 claim logged", "1,204 claims logged": the head's length as the facts say it. */
export function claimsLoggedText(length: number): string {
  return `${formatCount(length)} ${length === 1 ? 'claim' : 'claims'} logged`;
}

/** "#3", "#3 and #7", "#3, #7 and #12" */
function numbersText(numbers: readonly number[]): string {
  const each = numbers.map((number) => `#${formatCount(number)}`);
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)!}`;
}

/** "pack #3", "packs #3 and #7", "no pack" */
function packsText(numbers: readonly number[]): string {
  if (numbers.length === 0) return 'no pack';
  return `${numbers.length === 1 ? 'pack' : 'packs'} ${numbersText(numbers)}`;
}

interface TLogCheck extends TClaimLogVerdict {
  /** The entries end at the head the API published: as many of them, the last one's hash the head's. */
  isHeadMatched: boolean;
}

/**
 * Chains the entries from the commitment here, in the browser, with the contract's own code (claim-log.ts). A long log
 * takes a moment, so the page paints first and the check runs just after (as the provenance check does).
 */
function useClaimLogCheck(
  commitment: string,
  head: TClaimLogHead,
  entries: readonly TClaimLogEntry[],
): TLogCheck | null {
  const [check, setCheck] = useState<TLogCheck | null>(null);
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      let result: TLogCheck;
      try {
        const lastHash = entries.at(-1)?.chainHash ?? commitment;
        result = {
          ...verifyClaimLog(commitment, entries),
          isHeadMatched: entries.length === head.length && lastHash === head.chainHash,
        };
      } catch {
        result = { isChainMatched: false, brokenAt: null, isHeadMatched: false };
      }
      if (isCurrent) setCheck(result);
    }, 0);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [commitment, head, entries]);
  return check;
}

function RetryAlert({
  title,
  error,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry} isLoading={isRetrying}>
          Try again
        </Button>
      }
    >
      {error.message || 'Please try again in a moment.'}
    </Alert>
  );
}

/** A revealed drop's claim log, read page by page and checked against the commitment and the published head. */
export function ClaimLogVerdict({
  dropId,
  commitment,
  expectedLength,
}: {
  dropId: string;
  commitment: string;
  expectedLength: number;
}) {
  const log = useWholeClaimLog(dropId);
  let content;
  if (log.isPending) {
    content = (
      <p className={styles.checking} role="status">
        <Spinner /> Fetching {formatCount(expectedLength)} {expectedLength === 1 ? 'entry' : 'entries'} of the claim
        log…
      </p>
    );
  } else if (log.isError) {
    content = (
      <RetryAlert
        title="We could not load the claim log"
        error={log.error}
        onRetry={() => void log.refetch()}
        isRetrying={log.isRefetching}
      />
    );
  } else if (log.data.entries === null) {
    content = (
      <Alert tone="info" title="The claim log is not revealed yet">
        Its entries are published with the seed; this page shows them once they are.
      </Alert>
    );
  } else {
    content = <ClaimLogResult commitment={commitment} head={log.data.head} entries={log.data.entries} />;
  }
  return <ProvenanceCard title="Claim log, checked in your browser">{content}</ProvenanceCard>;
}

function ClaimLogResult({
  commitment,
  head,
  entries,
}: {
  commitment: string;
  head: TClaimLogHead;
  entries: readonly TClaimLogEntry[];
}) {
  const check = useClaimLogCheck(commitment, head, entries);
  if (check === null) {
    return (
      <p className={styles.checking} role="status">
        <Spinner /> Chaining {formatCount(entries.length)} {entries.length === 1 ? 'entry' : 'entries'} from the
        commitment…
      </p>
    );
  }
  const isMatched = check.isChainMatched && check.isHeadMatched;
  const releases = entries.filter((entry) => entry.kind === 'RELEASED').length;
  const claims = entries.length - releases;
  return (
    <>
      <Alert
        tone={isMatched ? 'success' : 'error'}
        title={isMatched ? 'The claim log checks out' : 'The claim log does not check out'}
      >
        <ul className={styles.verdicts}>
          <li>
            <Icon name={check.isChainMatched ? 'check' : 'alert'} size={18} />
            {check.isChainMatched
              ? "Every entry chains from the commitment: each entry's hash follows from the one before it, starting at the drop's commitment, so no entry was changed, removed or reordered after it was sealed."
              : check.brokenAt === null
                ? 'The chain could not be computed from these entries.'
                : `The chain breaks at entry #${formatCount(check.brokenAt)}: its hash does not follow from the entries before it and the commitment, so the log was changed after it was sealed.`}
          </li>
          <li>
            <Icon name={check.isHeadMatched ? 'check' : 'alert'} size={18} />
            {check.isHeadMatched
              ? 'The entries end at the published head: the same number of entries, and the last hash is the head shown above.'
              : `The entries do not end at the published head: the log has ${formatCount(entries.length)} ${entries.length === 1 ? 'entry' : 'entries'}, the head says ${formatCount(head.length)}.`}
          </li>
        </ul>
      </Alert>
      <dl className={styles.facts}>
        <dt>Entries</dt>
        <dd>
          {formatCount(entries.length)} {entries.length === 1 ? 'entry' : 'entries'}: {formatCount(claims)}{' '}
          {claims === 1 ? 'claim' : 'claims'}, {formatCount(releases)} {releases === 1 ? 'release' : 'releases'}
        </dd>
        <dt>Head</dt>
        <dd className={styles.mono}>{head.chainHash}</dd>
      </dl>
      {check.isChainMatched ? <NotedHeadCheck commitment={commitment} entries={entries} /> : null}
    </>
  );
}

const HEAD_HASH = /^[0-9a-f]{64}$/;

/**
 * Decision record 0023: a buyer who noted the head during the sale finds it in the checked log, at the position they
 * noted. Only shown once the chain checks out, so a hash found here commits to every entry before it.
 */
function NotedHeadCheck({ commitment, entries }: { commitment: string; entries: readonly TClaimLogEntry[] }) {
  const [text, setText] = useState('');
  const hash = text.trim().toLowerCase();
  const isComplete = HEAD_HASH.test(hash);
  const position = !isComplete
    ? null
    : hash === commitment
      ? 0
      : (entries.find((entry) => entry.chainHash === hash)?.position ?? -1);
  return (
    <div className={styles.noted}>
      <Field
        label="A head you noted during the sale"
        hint="Paste its hash to find it in the log."
        error={!isComplete && hash.length >= 64 ? 'A head is 64 characters, 0 to 9 and a to f.' : undefined}
      >
        {(control) => (
          <Input
            {...control}
            className={styles.monoInput}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </Field>
      <div aria-live="polite">
        {position === null ? null : position === -1 ? (
          <p className={styles.claim}>
            <Icon name="alert" size={18} className={styles.bad} />
            Not in this log: no entry has this hash, so the log was rewritten after you noted it, or the hash was copied
            with a mistake.
          </p>
        ) : (
          <p className={styles.claim}>
            <Icon name="check" size={18} className={styles.good} />
            {position === 0
              ? 'This is the commitment: the head before any claim was logged.'
              : `In the log at position ${formatCount(position)}: the head once ${formatCount(position)} ${position === 1 ? 'entry was' : 'entries were'} logged. Nothing up to it has changed since you noted it.`}
          </p>
        )}
      </div>
    </div>
  );
}

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
            at <time dateTime={claimedAt}>{formatDateTime(claimedAt)}</time>
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
            Order of <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </Link>
          : {words}
        </span>
      </span>
      <span className={styles.claimMeta}>
        {packCountText(order.quantity)} · {orderPaymentMethodLabels[order.paymentMethod]} ·{' '}
        {orderStatusLabels[order.status].label}
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
      <div aria-busy="true" aria-label="Loading your claims">
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
