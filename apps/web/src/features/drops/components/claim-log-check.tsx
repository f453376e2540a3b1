import { useEffect, useState } from 'react';
import { verifyClaimLog, type TClaimLogEntry, type TClaimLogHead, type TClaimLogVerdict } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useWholeClaimLog } from '../api/get-claim-log.ts';
import { ProvenanceCard } from './provenance-card.tsx';
import { RetryAlert } from './retry-alert.tsx';
import styles from './provenance.module.css';

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
