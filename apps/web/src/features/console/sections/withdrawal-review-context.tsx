import {
  formatMoney,
  withdrawalMethodNames,
  type TMoney,
  type TWithdrawalMethod,
  type TWithdrawalReviewContext,
} from '@cypher/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCountOf, formatDate, formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useWithdrawalReviewContext } from '../api/get-withdrawal-review-context.ts';
import { ConsolePerson } from '../components/console-person.tsx';
import { DetailRows } from '../components/detail-card.tsx';
import { FormSection } from '../components/form-section.tsx';
import { withdrawalPath } from '../components/withdrawal-labels.ts';
import { WithdrawalStatusBadge } from '../components/withdrawal-status-badge.tsx';
import formStyles from '../components/console-form.module.css';
import styles from '../components/withdrawals.module.css';

interface ReviewContextProps {
  withdrawalId: string;
  method: TWithdrawalMethod;
}

const destinationNames: Record<TWithdrawalMethod, string> = { wire: 'bank account', usdc: 'address' };

function Money({ money }: { money: TMoney }) {
  return <span className={styles.money}>{formatMoney(money)}</span>;
}

function tallyText({ count, total }: TWithdrawalReviewContext['added'], what: string): string {
  return count === 0 ? 'Nothing yet' : `${formatMoney(total)} in ${formatCountOf(count, what)}`;
}

/**
 * A destination other people asked to be paid at too: said above the moves, so it is read before approving (one
 * person's several accounts, or an account that is not theirs).
 */
export function SharedDestinationAlert({ withdrawalId, method }: ReviewContextProps) {
  const context = useWithdrawalReviewContext(withdrawalId);
  const sharedWith = context.data?.destination.sharedWith ?? [];
  if (sharedWith.length === 0) return null;
  return (
    <Alert tone="error" title={`Other people asked to be paid to this ${destinationNames[method]}`}>
      <ul className={styles.sharedWith}>
        {sharedWith.map((person) => (
          <li key={person.id}>
            <ConsolePerson person={person} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * The person behind the request, read now: how long they have been here, whether their identity is confirmed, their
 * balance, the money they added and were paid, and whether this destination was paid before.
 */
export function RequesterCard({ withdrawalId, method }: ReviewContextProps) {
  const context = useWithdrawalReviewContext(withdrawalId);
  // One card whatever the query's state, so it keeps its place (and focus) when the facts arrive.
  return (
    <FormSection id="withdrawal-person" title="The person">
      {context.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading the person's balance and history"
          className={styles.contextLoading}
        >
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height="20px" />
          ))}
        </div>
      ) : context.isError ? (
        <ErrorState
          title="We could not load the person's balance and history"
          error={context.error}
          onRetry={() => void context.refetch()}
          isRetrying={context.isRefetching}
          titleAs="h3"
        />
      ) : (
        <DetailRows rows={requesterRows(context.data, method)} />
      )}
    </FormSection>
  );
}

function requesterRows(
  { person, balance, added, paidOut, destination }: TWithdrawalReviewContext,
  method: TWithdrawalMethod,
): [string, ReactNode][] {
  return [
    ['Member since', <time dateTime={person.joinedAt}>{formatDate(person.joinedAt)}</time>],
    [
      'Identity',
      person.identityVerifiedAt ? (
        <>
          Verified <time dateTime={person.identityVerifiedAt}>{formatDate(person.identityVerifiedAt)}</time>
        </>
      ) : (
        <Badge tone="warning">Not verified</Badge>
      ),
    ],
    ['Withdrawable now', <Money money={balance.withdrawable} />],
    ['Not withdrawable', <Money money={balance.nonWithdrawable} />],
    ['Held in open requests', <Money money={balance.held} />],
    // Every confirmed payment from outside: funds added, and a checkout that paid for a pack at once
    // (its money is added, then spent, in the same step).
    ['Paid in from outside', tallyText(added, 'payment')],
    ['Paid out in all', tallyText(paidOut, 'withdrawal')],
    [
      `This ${destinationNames[method]}`,
      destination.paidBefore === 0 ? (
        <Badge tone="warning">Never paid to before</Badge>
      ) : (
        `Paid to ${formatCountOf(destination.paidBefore, 'time')} before`
      ),
    ],
  ];
}

/** Their other requests, newest first, each a link to its own review. */
export function OtherRequestsCard({ withdrawalId }: { withdrawalId: string }) {
  const context = useWithdrawalReviewContext(withdrawalId);
  if (!context.data) return null;
  const { otherRequests, otherRequestCount } = context.data;
  return (
    <FormSection id="withdrawal-other-requests" title="Their other requests">
      {otherRequests.length === 0 ? (
        <p className={formStyles.hint}>None: this is their first request.</p>
      ) : (
        <>
          <ul className={styles.otherRequests}>
            {otherRequests.map((request) => (
              <li key={request.id} className={styles.otherRequest}>
                <Link to={withdrawalPath(request.id)}>
                  {withdrawalMethodNames[request.method]} of <Money money={request.amount} />
                </Link>
                <WithdrawalStatusBadge status={request.status} />
                <time className={styles.email} dateTime={request.createdAt}>
                  {formatDateTimeWithZone(request.createdAt)}
                </time>
              </li>
            ))}
          </ul>
          {otherRequestCount > otherRequests.length ? (
            <p className={formStyles.hint}>
              The latest {otherRequests.length} of {otherRequestCount}.
            </p>
          ) : null}
        </>
      )}
    </FormSection>
  );
}
