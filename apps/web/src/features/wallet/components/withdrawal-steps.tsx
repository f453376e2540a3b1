import { withdrawalStatusNames, type TWithdrawalStep } from '@cypher/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { Timeline } from '../../../ui/timeline.tsx';
import styles from './withdrawal-steps.module.css';

/**
 * What happened to one of my withdrawals so far, oldest first: submitted, in review, approved, paid (or rejected,
 * or failed, with the reason). Folded under its row so a long list stays short.
 */
export function WithdrawalSteps({ steps }: { steps: readonly TWithdrawalStep[] }) {
  return (
    <details className={styles.steps}>
      <summary className={styles.summary}>Steps so far</summary>
      <Timeline
        label="Steps of this withdrawal"
        steps={steps.map((step, index) => ({
          key: `${step.status}-${index}`,
          title: withdrawalStatusNames[step.status],
          meta: <time dateTime={step.at}>{formatDateTime(step.at)}</time>,
          note: step.reason,
        }))}
      />
    </details>
  );
}
