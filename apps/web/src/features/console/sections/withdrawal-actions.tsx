import { zodResolver } from '@hookform/resolvers/zod';
import {
  canMoveWithdrawal,
  formatMoney,
  isPayoutReferenceFor,
  PAYOUT_REFERENCE_MAX_LENGTH,
  payoutReferenceMessages,
  WITHDRAWAL_REASON_MAX_LENGTH,
  withdrawalMoves,
  withdrawalMoveTo,
  withdrawalStatusNames,
  withdrawalTransitions,
  type TConsoleWithdrawal,
  type TWithdrawalMove,
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
import { Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useChangeWithdrawalStatus } from '../api/change-withdrawal-status.ts';
import { personLabel } from '../components/console-person.tsx';
import { useOperator } from '../components/operator-context.ts';
import { withdrawalStateWords } from '../components/withdrawal-labels.ts';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import formStyles from '../components/console-form.module.css';
import styles from '../components/withdrawals.module.css';

/** What the console says about one move; which moves exist, where they lead and which need a reason is the contract's. */
interface MoveWords {
  label: string;
  variant: ButtonVariant;
  /** Asked in a dialog first: every move but taking it in review moves money or tells the person. */
  confirm?: { title: string; body: (withdrawal: TConsoleWithdrawal) => string; button: string };
  /** For the moves that ask for words (the contract's `asks`): what they are for and where they go. */
  wordsHint?: string | ((withdrawal: TConsoleWithdrawal) => string);
  done: string;
  /** The move as a step of the withdrawal's history. */
  step: string;
}

const moveWords: Record<TWithdrawalMove, MoveWords> = {
  review: {
    label: 'Start review',
    variant: 'secondary',
    done: 'Withdrawal in review',
    step: 'Review started',
  },
  approve: {
    label: 'Approve',
    variant: 'primary',
    confirm: {
      title: 'Approve this withdrawal?',
      body: (w) =>
        `${formatMoney(w.amount)} to ${personLabel(w.user)} is cleared for payout. The person is told by email.`,
      button: 'Approve',
    },
    done: 'Withdrawal approved',
    step: 'Approved',
  },
  reject: {
    label: 'Reject',
    variant: 'danger',
    confirm: {
      title: 'Reject this withdrawal?',
      body: (w) =>
        `${formatMoney(w.amount)} goes back to ${personLabel(w.user)}’s withdrawable balance${w.fee.amount > 0 ? `; the ${formatMoney(w.fee)} fee is kept` : ''}.`,
      button: 'Reject',
    },
    wordsHint: 'Sent to the person with the rejection and shown with their request.',
    done: 'Withdrawal rejected',
    step: 'Rejected',
  },
  paid: {
    label: 'Mark paid',
    variant: 'primary',
    confirm: {
      title: 'Mark this withdrawal paid?',
      body: (w) => `Only once ${formatMoney(w.amount)} has left for the payout account. This cannot be undone.`,
      button: 'Mark paid',
    },
    wordsHint: (w) =>
      w.method === 'usdc'
        ? 'The transaction hash of the USDC payment (0x and 64 characters), not the address: sent to the person, so they can find it on the chain, and kept for the books.'
        : 'The wire’s reference from the bank: sent to the person, so they can find the money, and kept for the books.',
    done: 'Withdrawal marked paid',
    step: 'Marked paid',
  },
  failed: {
    label: 'Mark failed',
    variant: 'danger',
    confirm: {
      title: 'Mark this withdrawal failed?',
      body: (w) =>
        `The payout did not go through: ${formatMoney(w.amount)}${w.fee.amount > 0 ? ` and the ${formatMoney(w.fee)} fee go` : ' goes'} back to ${personLabel(w.user)}’s withdrawable balance. This cannot be undone.`,
      button: 'Mark failed',
    },
    wordsHint: 'Sent to the person with the news that the payout failed, and shown with their request.',
    done: 'Withdrawal marked failed',
    step: 'Marked failed',
  },
};

/** A step of the history by the move that led to it; `submitted` is where every withdrawal starts. */
export function historyStepTitle(status: TWithdrawalStatus): string {
  const move = withdrawalMoveTo(status);
  return move ? moveWords[move].step : withdrawalStatusNames[status];
}

/** The field a move asks for, by what it asks (the contract's `asks`), with the words of its refusals. */
const askedFields = {
  reason: {
    label: 'Reason',
    maxLength: WITHDRAWAL_REASON_MAX_LENGTH,
    isMultiline: true,
    messages: {
      required: 'Please give the reason. The person sees it.',
      tooLong: `Please keep the reason to ${WITHDRAWAL_REASON_MAX_LENGTH} characters.`,
    },
  },
  payoutReference: {
    label: 'Payout reference',
    maxLength: PAYOUT_REFERENCE_MAX_LENGTH,
    isMultiline: false,
    messages: payoutReferenceMessages,
  },
} as const;

function wordsForm(asked: keyof typeof askedFields, withdrawal: TConsoleWithdrawal) {
  const field = askedFields[asked];
  return z.object({
    words: z
      .string()
      .trim()
      .min(1, field.messages.required)
      .max(field.maxLength, field.messages.tooLong)
      // The API refuses it too; said here before anything is sent.
      .refine((words) => asked !== 'payoutReference' || isPayoutReferenceFor(withdrawal.method, words), {
        message: payoutReferenceMessages.usdcHash,
      }),
  });
}
type TWordsForm = z.infer<ReturnType<typeof wordsForm>>;

function MoveDialog({
  withdrawal,
  move: chosen,
  onClose,
}: {
  withdrawal: TConsoleWithdrawal;
  move: TWithdrawalMove | undefined;
  onClose: () => void;
}) {
  const change = useChangeWithdrawalStatus(withdrawal.id);
  const { showToast } = useToast();
  const spec = chosen ? moveWords[chosen] : undefined;
  const asked = chosen ? withdrawalMoves[chosen].asks : null;
  const field = asked ? askedFields[asked] : askedFields.reason;
  // After a conflict the page reloads the withdrawal: once it has moved on, this move is no longer on offer.
  const isStillPossible = chosen ? canMoveWithdrawal(withdrawal.status, withdrawalMoves[chosen].to) : false;
  // The dialog is keyed on its move (WithdrawalActions), so its field and schema are fixed for its life.
  const form = useForm<TWordsForm>({
    resolver: zodResolver(wordsForm(asked ?? 'reason', withdrawal)),
    defaultValues: { words: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  // Words typed and not sent ask before the dialog closes or the page is left; once the move is no longer possible
  // they have nowhere to go, and OK closes without asking.
  const { askBeforeClosing } = useUnsavedChanges(form, field.label.toLowerCase(), {
    notSaved: `The ${field.label.toLowerCase()} you typed is not sent.`,
    isActive: asked !== null && isStillPossible,
  });
  const close = () => askBeforeClosing(onClose);

  async function move(words?: string) {
    if (!chosen || !spec) return;
    try {
      await change.mutateAsync({ move: chosen, words });
      showToast({ tone: 'success', title: spec.done });
      onClose();
    } catch {
      // Shown in the dialog (change.error), which stays open.
    }
  }

  const formId = `withdrawal-${chosen ?? 'move'}`;
  return (
    <Dialog
      isOpen={spec !== undefined}
      onClose={close}
      isBusy={change.isPending}
      title={spec?.confirm?.title}
      description={spec?.confirm?.body(withdrawal)}
      footer={
        <>
          <Button onClick={close} disabled={change.isPending}>
            {isStillPossible ? 'Cancel' : 'OK'}
          </Button>
          {isStillPossible ? (
            <Button
              variant={spec?.variant === 'danger' ? 'danger' : 'primary'}
              type={asked ? 'submit' : 'button'}
              form={asked ? formId : undefined}
              onClick={asked ? undefined : () => void move()}
              isLoading={change.isPending}
            >
              {spec?.confirm?.button}
            </Button>
          ) : null}
        </>
      }
    >
      {asked && isStillPossible ? (
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit(({ words }) => move(words))(event)}>
          <Field
            label={field.label}
            hint={typeof spec?.wordsHint === 'function' ? spec.wordsHint(withdrawal) : spec?.wordsHint}
            error={errors.words?.message}
            isRequired
          >
            {(control) =>
              field.isMultiline ? (
                <Textarea rows={4} maxLength={field.maxLength} {...control} {...register('words')} />
              ) : (
                <Input autoComplete="off" maxLength={field.maxLength} {...control} {...register('words')} />
              )
            }
          </Field>
        </form>
      ) : null}
      {change.isError ? (
        <Alert tone="error">
          {change.error.message}
          {isStillPossible ? null : ` It is ${withdrawalStateWords[withdrawal.status]} now.`}
        </Alert>
      ) : null}
    </Dialog>
  );
}

/**
 * The next steps the state table allows from this withdrawal's state; the decisive ones are confirmed first. None is
 * offered on the admin's own withdrawal: the API refuses every move there (OWN_REVIEW_NOT_ALLOWED), since a
 * compliance review by the person paid is none.
 */
export function WithdrawalActions({ withdrawal }: { withdrawal: TConsoleWithdrawal }) {
  const [confirming, setConfirming] = useState<TWithdrawalMove>();
  const review = useChangeWithdrawalStatus(withdrawal.id);
  const { showToast } = useToast();
  const me = useOperator();
  const moves = withdrawalTransitions[withdrawal.status].flatMap((to) => withdrawalMoveTo(to) ?? []);
  const isOwn = withdrawal.user.id === me.userId;

  async function start(move: TWithdrawalMove) {
    const spec = moveWords[move];
    if (spec.confirm) {
      setConfirming(move);
      return;
    }
    try {
      await review.mutateAsync({ move });
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
          This withdrawal is {withdrawalStateWords[withdrawal.status]}: there is nothing more to do.
        </p>
      ) : isOwn ? (
        <p className={formStyles.hint}>Another admin must review your own withdrawal.</p>
      ) : (
        <div className={styles.actions}>
          {moves.map((move) => (
            <Button
              key={move}
              variant={moveWords[move].variant}
              onClick={() => void start(move)}
              isLoading={!moveWords[move].confirm && review.isPending}
            >
              {moveWords[move].label}
            </Button>
          ))}
        </div>
      )}
      {review.isError ? <Alert tone="error">{review.error.message}</Alert> : null}
      <MoveDialog
        withdrawal={withdrawal}
        move={confirming}
        onClose={() => setConfirming(undefined)}
        key={confirming ?? 'closed'}
      />
    </section>
  );
}
