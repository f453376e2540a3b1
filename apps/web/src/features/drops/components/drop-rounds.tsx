import { Link } from 'react-router';
import {
  formatMoney,
  issuedPackCount,
  raffleWinnerLimit,
  type TDrop,
  type TMoneyFormatOptions,
  type TSalePolicy,
} from '@cypher/contract';
import { formatCount, formatCountOf } from '../../../lib/format.ts';
import { useFormatDateTime } from '../../../lib/use-format-date-time.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { packsLeft, type TDropPhase } from '../../../lib/drop-phase.ts';
import styles from './drop-detail.module.css';

type TRoundView = { label: string; tone: BadgeTone; countdown: { label: string; to: string } | null };

function roundView(policy: TSalePolicy, phase: TDropPhase, now: Date): TRoundView {
  const at = now.getTime();
  if (phase.status === 'NEXT' || (phase.status === 'AVAILABLE' && at < Date.parse(policy.saleBeginAt))) {
    return { label: 'Upcoming', tone: 'neutral', countdown: { label: 'Starts in', to: policy.saleBeginAt } };
  }
  if (packsLeft(policy) === 0) return { label: 'Sold out', tone: 'neutral', countdown: null };
  if (phase.round.current?.id === policy.id && phase.round.isCurrentActive) {
    return { label: 'On sale', tone: 'success', countdown: { label: 'Ends in', to: policy.saleEndAt } };
  }
  return { label: 'Ended', tone: 'neutral', countdown: null };
}

/** A raffle's winner may buy the round's limit, or one pack where it sets none (raffleWinnerLimit): never "No limit". */
function perPersonWords(policy: TSalePolicy): string {
  const limit = policy.isRaffle ? raffleWinnerLimit(policy.perPersonLimit) : policy.perPersonLimit;
  if (limit === null) return 'No limit';
  return `Up to ${formatCount(limit)} ${limit === 1 ? 'pack' : 'packs'}${policy.isRaffle ? ' per winner' : ''}`;
}

/** The round's whitelists by name with how many people they hold ("Early fans (2 people)"), or null for none. */
function whitelistWords(policy: TSalePolicy): string | null {
  if (policy.whitelists.length === 0) return null;
  const size = policy.whitelists.reduce((sum, list) => sum + list.size, 0);
  return `${policy.whitelists.map((list) => list.name).join(', ')} (${formatCount(size)} ${size === 1 ? 'person' : 'people'})`;
}

interface DropRoundsProps {
  drop: TDrop;
  phase: TDropPhase;
  now: Date;
  money: TMoneyFormatOptions;
}

/** Every sale round: price in USD with CYP beside it, the per-person limit, the sale window, who may buy, and sales. */
export function DropRounds({ drop, phase, now, money }: DropRoundsProps) {
  const formatDateTime = useFormatDateTime();
  const rounds = [...drop.salePolicies].sort((a, b) => a.round - b.round);
  return (
    <ol className={styles.rounds} aria-label="Sale rounds">
      {rounds.map((policy) => {
        const view = roundView(policy, phase, now);
        const whitelist = whitelistWords(policy);
        // A whitelist holds with a raffle, a pass or a guarantee too (the API refuses anyone not on it): said in a
        // row of its own there, where "Who may buy" names the other condition.
        const isWhitelistAlone = !policy.isRaffle && !policy.requiredPass && !policy.passGuarantee;
        return (
          <li
            key={policy.id}
            className={view.label === 'On sale' ? `${styles.round} ${styles.roundLive}` : styles.round}
            aria-label={`Round ${policy.round}`}
          >
            <div className={styles.roundHeader}>
              <h3 className={styles.roundTitle}>Round {policy.round}</h3>
              <Badge tone={view.tone}>{view.label}</Badge>
              {view.countdown ? (
                <span className={styles.roundCountdown}>
                  {view.countdown.label} <Countdown to={view.countdown.to} now={now} />
                </span>
              ) : null}
            </div>
            <p className={styles.roundPrice}>
              {formatMoney(policy.price)} <span className={styles.muted}>({formatMoney(policy.priceCyp, money)})</span>
              <span className="visually-hidden"> per pack</span>
            </p>
            <dl className={styles.roundFacts}>
              <dt>Sale</dt>
              <dd>
                <time dateTime={policy.saleBeginAt}>{formatDateTime(policy.saleBeginAt)}</time> to{' '}
                <time dateTime={policy.saleEndAt}>{formatDateTime(policy.saleEndAt)}</time>
              </dd>
              <dt>Per person</dt>
              <dd>{perPersonWords(policy)}</dd>
              <dt>Who may buy</dt>
              <dd>
                {policy.isRaffle ? (
                  <>
                    The raffle’s winners
                    {policy.requiredPass ? (
                      <>
                        {' '}
                        (holders of <Link to={`/pass/${policy.requiredPass.id}`}>{policy.requiredPass.name}</Link>)
                      </>
                    ) : null}
                  </>
                ) : policy.requiredPass ? (
                  <>
                    Holders of <Link to={`/pass/${policy.requiredPass.id}`}>{policy.requiredPass.name}</Link> only
                  </>
                ) : policy.passGuarantee ? (
                  <>
                    {whitelist ? 'Open to the whitelist' : 'Open to everyone'};{' '}
                    {formatCount(policy.passGuarantee.packCount)}{' '}
                    {policy.passGuarantee.packCount === 1 ? 'pack' : 'packs'} held for holders of{' '}
                    <Link to={`/pass/${policy.passGuarantee.pass.id}`}>{policy.passGuarantee.pass.name}</Link> (
                    {formatCount(policy.passGuarantee.packsPerHolder)} each) until{' '}
                    <time dateTime={policy.passGuarantee.endsAt}>{formatDateTime(policy.passGuarantee.endsAt)}</time>
                  </>
                ) : whitelist ? (
                  `Whitelist only: ${whitelist}`
                ) : (
                  'Open to everyone'
                )}
              </dd>
              {whitelist && !isWhitelistAlone ? (
                <>
                  <dt>Whitelist</dt>
                  <dd>
                    Only people on {whitelist} may {policy.isRaffle ? 'enter' : 'buy'}
                  </dd>
                </>
              ) : null}
              <dt>Sold</dt>
              <dd>
                {formatCount(policy.soldCount)} of {formatCountOf(issuedPackCount(policy), 'pack')}
              </dd>
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
