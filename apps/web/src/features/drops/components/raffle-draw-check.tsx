import { useEffect, useState } from 'react';
import { verifyRaffleRecord, type TRaffleDraw, type TRaffleRecordVerdict, type TRaffleVerdict } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ProvenanceCard } from './provenance-card.tsx';
import styles from './provenance.module.css';
import raffleStyles from './raffle-draw.module.css';

/** A drawn round: its seed, entries and winners are published (decision record 0026). */
export type TDrawnRaffle = TRaffleDraw & { seedHex: string; entries: string[]; winners: string[] };

export function isDrawn(draw: TRaffleDraw): draw is TDrawnRaffle {
  return draw.seedHex !== null && draw.entries !== null && draw.winners !== null;
}

/** "winner" for one ("the winner of the draw"), "10 winners" for several. */
function placesText(count: number): string {
  return count === 1 ? 'winner' : `${formatCount(count)} winners`;
}

/** "is exactly the entry" for one winner, "are exactly the entries" for several: the verb and the noun follow the count. */
function entriesText(count: number, qualifier: string): string {
  return count === 1 ? `is ${qualifier}entry` : `are ${qualifier}entries`;
}

function VerdictLine({ verdict, passed }: { verdict: TRaffleVerdict; passed: string }) {
  return (
    <li>
      <Icon name={verdict.ok ? 'check' : 'alert'} size={18} />
      {verdict.ok ? passed : verdict.reason}
    </li>
  );
}

/**
 * "Recompute the winners": ranks every entry here, in the browser, with the contract's own code (raffle-draw.ts), on
 * request, since 200,000 entries take about a second. The click paints the spinner first and the work runs just after.
 * The page keys it by the draws' times, so a record that gained a second draw is checked afresh.
 */
export function RaffleDrawCheck({ draw }: { draw: TDrawnRaffle }) {
  const [isChecking, setIsChecking] = useState(false);
  const [verdict, setVerdict] = useState<TRaffleRecordVerdict | null>(null);

  useEffect(() => {
    if (!isChecking) return;
    const timer = setTimeout(() => {
      setVerdict(verifyRaffleRecord(draw));
      setIsChecking(false);
    }, 0);
    return () => clearTimeout(timer);
  }, [isChecking, draw]);

  const isMatched = verdict !== null && verdict.firstDraw.ok && (verdict.secondDraw?.ok ?? true);
  return (
    <ProvenanceCard title="Checked in your browser">
      <p className={styles.muted}>
        This ranks {draw.entries.length === 1 ? 'the one entry' : `all ${formatCount(draw.entries.length)} entries`} by
        SHA-256 of the revealed seed and each handle, on your device, and compares the lowest with the published
        winners.
      </p>
      <Button
        variant="primary"
        className={raffleStyles.recompute}
        onClick={() => setIsChecking(true)}
        isLoading={isChecking}
      >
        Recompute the winners
      </Button>
      {isChecking ? (
        <p className={styles.checking} role="status">
          <Spinner /> Ranking {formatCount(draw.entries.length)} {draw.entries.length === 1 ? 'entry' : 'entries'}…
        </p>
      ) : verdict !== null ? (
        <Alert
          tone={isMatched ? 'success' : 'error'}
          title={isMatched ? 'The draw checks out' : 'The draw does not check out'}
        >
          <ul className={styles.verdicts}>
            <VerdictLine
              verdict={verdict.firstDraw}
              passed={`The seed hashes to the commitment published when registration opened, and the ${placesText(draw.winners.length)} of the draw ${entriesText(draw.winners.length, 'exactly the ')} it ranks first.`}
            />
            {verdict.secondDraw && draw.secondDraw ? (
              <VerdictLine
                verdict={verdict.secondDraw}
                passed={`The ${placesText(draw.secondDraw.winners.length)} of the second draw ${entriesText(draw.secondDraw.winners.length, 'the next ')} in the same order, after the first draw's ${draw.winners.length === 1 ? 'winner' : 'winners'}.`}
              />
            ) : null}
          </ul>
        </Alert>
      ) : null}
    </ProvenanceCard>
  );
}
