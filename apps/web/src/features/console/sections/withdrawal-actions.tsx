import { zodResolver } from '@hookform/resolvers/zod';
import {
  canMoveWithdrawal,
  formatMoney,
  withdrawalTransitions,
  type TConsoleWithdrawal,
  type TWithdrawalStatus,
} from '@cypher/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import type { ButtonVariant } from '../../../ui/button-class-name.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { isMoveWithReason, useChangeWithdrawalStatus, type TWithdrawalMove } from '../api/change-withdrawal-status.ts';
import { personLabel } from '../components/console-person.tsx';
import { withdrawalStatusLabels } from '../components/withdrawal-labels.ts';
import formStyles from '../components/console-form.module.css';
import styles from '../components/withdrawals.module.css';

interface MoveSpec {
  move: TWithdrawalMove;
  to: TWithdrawalStatus;
  label: string;
  variant: ButtonVariant;
  /** Asked in a dialog first: every move but taking it in review moves money or tells the person. */
  confirm?: { title: string; body: (withdrawal: TConsoleWithdrawal) => string; button: string };
  /** For the moves that must say why (isMoveWithReason): what happens to the reason. */
  reasonHint?: string;
  done: string;
}

/** What the console offers for each state the table allows moving to. */
const moveTo: Partial<Record<TWithdrawalStatus, MoveSpec>> = {
  in_review: {
    move: 'review',
    to: 'in_review',
    label: 'Start review',
    variant: 'secondary',
    done: 'Withdrawal in review',
  },
  approved: {
    move: 'approve',
    to: 'approved',
    label: 'Approve',
    variant: 'primary',
    confirm: {
      title: 'Approve this withdrawal?',
      body: (w) =>
        `${formatMoney(w.amount)} to ${personLabel(w.user)} is cleared for payout. The person is told by email.`,
      button: 'Approve',
    },
    done: 'Withdrawal approved',
  },
  rejected: {
    move: 'reject',
    to: 'rejected',
    label: 'Reject',
    variant: 'danger',
    confirm: {
      title: 'Reject this withdrawal?',
      body: (w) =>
        `${formatMoney(w.amount)} goes back to ${personLabel(w.user)}’s withdrawable balance; the ${formatMoney(w.fee)} fee is kept.`,
      button: 'Reject',
    },
    reasonHint: 'Sent to the person with the rejection and shown with their request.',
    done: 'Withdrawal rejected',
  },
  paid: {
    move: 'paid',
    to: 'paid',
    label: 'Mark paid',
    variant: 'primary',
    confirm: {
      title: 'Mark this withdrawal paid?',
      body: (w) => `Only once ${formatMoney(w.amount)} has left for the payout account. This cannot be undone.`,
      button: 'Mark paid',
    },
    done: 'Withdrawal marked paid',
  },
  failed: {
    move: 'failed',
    to: 'failed',
    label: 'Mark failed',
    variant: 'danger',
    confirm: {
      title: 'Mark this withdrawal failed?',
      body: (w) =>
        `The payout did not go through: ${formatMoney(w.amount)} and the ${formatMoney(w.fee)} fee go back to ${personLabel(w.user)}’s withdrawable balance. This cannot be undone.`,
      button: 'Mark failed',
    },
    reasonHint: 'Sent to the person with the news that the payout failed, and shown with their request.',
    done: 'Withdrawal marked failed',
  },
};

const reasonMessages = {
  required: 'Please give the reason. The person sees it.',
  tooLong: 'Please keep the reason to 500 characters.',
};
const ZReasonForm = z.object({
  reason: z.string().trim().min(1, reasonMessages.required).max(500, reasonMessages.tooLong),
});
type TReasonForm = z.infer<typeof ZReasonForm>;

function MoveDialog({
  withdrawal,
  spec,
  onClose,
}: {
  withdrawal: TConsoleWithdrawal;
  spec: MoveSpec | undefined;
  onClose: () => void;
}) {
  const change = useChangeWithdrawalStatus(withdrawal.id);
  const { showToast } = useToast();
  const asksReason = spec ? isMoveWithReason(spec.move) : false;
  // After a conflict the page reloads the withdrawal: once it has moved on, this move is no longer on offer.
  const isStillPossible = spec ? canMoveWithdrawal(withdrawal.status, spec.to) : false;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TReasonForm>({ resolver: zodResolver(ZReasonForm), defaultValues: { reason: '' } });

  async function move(reason?: string) {
    if (!spec) return;
    try {
      await change.mutateAsync({ move: spec.move, reason });
      showToast({ tone: 'success', title: spec.done });
      onClose();
    } catch {
      // Shown in the dialog (change.error), which stays open.
    }
  }

  const formId = `withdrawal-${spec?.move ?? 'move'}`;
  return (
    <Dialog
      isOpen={spec !== undefined}
      onClose={() => {
        if (!change.isPending) onClose();
      }}
      title={spec?.confirm?.title}
      description={spec?.confirm?.body(withdrawal)}
      footer={
        <>
          <Button onClick={onClose} disabled={change.isPending}>
            {isStillPossible ? 'Cancel' : 'OK'}
          </Button>
          {isStillPossible ? (
            <Button
              variant={spec?.variant === 'danger' ? 'danger' : 'primary'}
              type={asksReason ? 'submit' : 'button'}
              form={asksReason ? formId : undefined}
              onClick={asksReason ? undefined : () => void move()}
              isLoading={change.isPending}
            >
              {spec?.confirm?.button}
            </Button>
          ) : null}
        </>
      }
    >
      {asksReason && isStillPossible ? (
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit(({ reason }) => move(reason))(event)}>
          <Field label="Reason" hint={spec?.reasonHint} error={errors.reason?.message} isRequired>
            {(control) => <Textarea rows={4} maxLength={500} {...control} {...register('reason')} />}
          </Field>
        </form>
      ) : null}
      {change.isError ? (
        <Alert tone="error">
          {change.error.message}
          {isStillPossible ? null : ` It is ${withdrawalStatusLabels[withdrawal.status].label.toLowerCase()} now.`}
        </Alert>
      ) : null}
    </Dialog>
  );
}

/** The next steps the state table allows from this withdrawal's state; the decisive ones are confirmed first. */
export function WithdrawalActions({ withdrawal }: { withdrawal: TConsoleWithdrawal }) {
  const [confirming, setConfirming] = useState<MoveSpec>();
  const review = useChangeWithdrawalStatus(withdrawal.id);
  const { showToast } = useToast();
  const moves = withdrawalTransitions[withdrawal.status].flatMap((to) => moveTo[to] ?? []);

  async function start(spec: MoveSpec) {
    if (spec.confirm) {
      setConfirming(spec);
      return;
    }
    try {
      await review.mutateAsync({ move: spec.move });
      showToast({ tone: 'success', title: spec.done });
    } catch {
      // Shown under the buttons (review.error).
    }
  }

  return (
    <section className={formStyles.card} aria-labelledby="withdrawal-actions">
      <h2 id="withdrawal-actions" className={formStyles.cardTitle}>
        Next step
      </h2>
      {moves.length === 0 ? (
        <p className={formStyles.hint}>
          This withdrawal is {withdrawalStatusLabels[withdrawal.status].label.toLowerCase()}: there is nothing more to
          do.
        </p>
      ) : (
        <div className={styles.actions}>
          {moves.map((spec) => (
            <Button
              key={spec.move}
              variant={spec.variant}
              onClick={() => void start(spec)}
              isLoading={!spec.confirm && review.isPending}
            >
              {spec.label}
            </Button>
          ))}
        </div>
      )}
      {review.isError ? <Alert tone="error">{review.error.message}</Alert> : null}
      <MoveDialog
        withdrawal={withdrawal}
        spec={confirming}
        onClose={() => setConfirming(undefined)}
        key={confirming?.move ?? 'closed'}
      />
    </section>
  );
}
