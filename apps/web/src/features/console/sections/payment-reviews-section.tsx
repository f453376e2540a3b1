import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatMoney,
  PAYMENT_REVIEW_NOTE_MAX_LENGTH,
  paymentReviewReasonLabels,
  paymentReviewStates,
  type TDepositMethod,
  type TDepositStatus,
  type TPaymentReview,
  type TPaymentReviewState,
} from '@cypher/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { FilterLinks } from '../../../ui/filter-links.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { usePaymentReviews } from '../api/list-payment-reviews.ts';
import { useResolvePaymentReview } from '../api/resolve-payment-review.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsolePerson, personLabel } from '../components/console-person.tsx';
import { useOperator } from '../components/operator-context.ts';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/payment-reviews.module.css';
import withdrawalStyles from '../components/withdrawals.module.css';

const PAGE_SIZE = 20;

const providerNames: Record<TDepositMethod, string> = { card: 'Card', crypto: 'Crypto', tilia: 'Tilia' };

const depositStatusWords: Record<TDepositStatus, string> = {
  created: 'not yet paid',
  pending: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  expired: 'expired',
};

const stateNames: Record<TPaymentReviewState, string> = { open: 'Open', resolved: 'Resolved' };

/** A payment under review has no id of its own: its provider and event name it, for its row and its dialog. */
const reviewKey = (review: TPaymentReview) => `${review.provider}:${review.eventId}`;

function receivedText(review: TPaymentReview): string {
  return review.received ? formatMoney(review.received) : 'Amount not recorded';
}

function ResolutionCell({ review, onResolve }: { review: TPaymentReview; onResolve: () => void }) {
  const me = useOperator();
  // The API refuses an admin the payment on their own deposit (OWN_REVIEW_NOT_ALLOWED): a review by the person owed
  // the money is none.
  if (!review.resolution && review.user?.id === me.userId) {
    return <MutedText>Another admin must review your own payment.</MutedText>;
  }
  if (!review.resolution) {
    return (
      <Button size="sm" onClick={onResolve} aria-label={`Resolve payment ${review.eventId}`}>
        Resolve
      </Button>
    );
  }
  const { note, by, at } = review.resolution;
  return (
    <span className={styles.resolution}>
      <Badge tone="success">Resolved</Badge>
      <q className={styles.note}>{note}</q>
      <MutedText>
        {by ? `${personLabel(by)}, ` : ''}
        <time dateTime={at}>{formatDateTimeWithZone(at)}</time>
      </MutedText>
    </span>
  );
}

function columnsFor(onResolve: (review: TPaymentReview) => void): EntryColumn<TPaymentReview>[] {
  return [
    {
      id: 'payment',
      header: 'Payment',
      cell: (review) => (
        <span className={styles.payment}>
          <span>{paymentReviewReasonLabels[review.reason]}</span>
          <span className={styles.eventId}>
            {providerNames[review.provider]} · {review.eventId}
          </span>
          <span className={listStyles.phoneOnly}>
            {review.received ? `${formatMoney(review.received)} received` : 'Amount not recorded'} ·{' '}
            {formatDateTimeWithZone(review.receivedAt)}
            {review.user ? ` · ${personLabel(review.user)}` : ''}
            {review.deposit ? ` · deposit of ${formatMoney(review.deposit.amount)}` : ''}
          </span>
        </span>
      ),
    },
    {
      id: 'received',
      header: 'Received',
      // On a phone it is said in the payment's cell, leaving the row's width to the review.
      isSecondary: true,
      cell: (review) => <span className={withdrawalStyles.money}>{receivedText(review)}</span>,
    },
    {
      id: 'deposit',
      header: 'Deposit',
      isSecondary: true,
      cell: (review) =>
        review.deposit ? (
          <span className={withdrawalStyles.person}>
            <span className={withdrawalStyles.money}>{formatMoney(review.deposit.amount)}</span>
            <MutedText>{depositStatusWords[review.deposit.status]}</MutedText>
          </span>
        ) : (
          <MutedText>None</MutedText>
        ),
    },
    {
      id: 'person',
      header: 'Person',
      isSecondary: true,
      cell: (review) => (review.user ? <ConsolePerson person={review.user} /> : <MutedText>Unknown</MutedText>),
    },
    {
      id: 'received-at',
      header: 'Received at',
      isSecondary: true,
      cell: (review) => (
        <MutedText>
          <time dateTime={review.receivedAt}>{formatDateTimeWithZone(review.receivedAt)}</time>
        </MutedText>
      ),
    },
    {
      id: 'review',
      header: 'Review',
      cell: (review) => <ResolutionCell review={review} onResolve={() => onResolve(review)} />,
    },
  ];
}

const noteMessages = {
  required: 'Please say what was done about this payment.',
  tooLong: `Please keep the note to ${PAYMENT_REVIEW_NOTE_MAX_LENGTH} characters.`,
};
const ZNoteForm = z.object({
  note: z.string().trim().min(1, noteMessages.required).max(PAYMENT_REVIEW_NOTE_MAX_LENGTH, noteMessages.tooLong),
});
type TNoteForm = z.infer<typeof ZNoteForm>;

function ResolveDialog({ review, onClose }: { review: TPaymentReview; onClose: () => void }) {
  const resolve = useResolvePaymentReview(review);
  const { showToast } = useToast();
  const isAlreadyResolved = isApiError(resolve.error) && resolve.error.code === 'PAYMENT_REVIEW_ALREADY_RESOLVED';
  const form = useForm<TNoteForm>({ resolver: zodResolver(ZNoteForm), defaultValues: { note: '' } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  // A note typed and not sent asks before the dialog closes; once someone else resolved it, OK closes at once.
  const { askBeforeClosing } = useUnsavedChanges(form, 'note', {
    notSaved: 'The note you typed is not saved.',
    isActive: !isAlreadyResolved,
  });
  const close = () => askBeforeClosing(onClose);

  async function submit({ note }: TNoteForm) {
    try {
      await resolve.mutateAsync(note);
      showToast({ tone: 'success', title: 'Payment marked resolved' });
      onClose();
    } catch {
      // Shown in the dialog (resolve.error), which stays open.
    }
  }

  const formId = 'resolve-payment-review';
  return (
    <Dialog
      isOpen
      onClose={close}
      isBusy={resolve.isPending}
      title="Mark this payment resolved?"
      description={`${receivedText(review)} received by ${providerNames[review.provider]}${
        review.user ? ` from ${personLabel(review.user)}` : ''
      }: ${paymentReviewReasonLabels[review.reason].toLowerCase()}. Nothing was credited. This records what you did; it refunds nothing: make the refund in the provider’s dashboard first.`}
      footer={
        <>
          <Button onClick={close} disabled={resolve.isPending}>
            {isAlreadyResolved ? 'OK' : 'Cancel'}
          </Button>
          {isAlreadyResolved ? null : (
            <Button variant="primary" type="submit" form={formId} isLoading={resolve.isPending}>
              Mark resolved
            </Button>
          )}
        </>
      }
    >
      {isAlreadyResolved ? null : (
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
          <Field
            label="What was done"
            hint="For example: “Refunded $26.00 in the Stripe dashboard.” Kept with the payment and in the audit log."
            error={errors.note?.message}
            isRequired
          >
            {(control) => (
              <Textarea rows={4} maxLength={PAYMENT_REVIEW_NOTE_MAX_LENGTH} {...control} {...register('note')} />
            )}
          </Field>
        </form>
      )}
      {resolve.isError ? <Alert tone="error">{resolve.error.message}</Alert> : null}
    </Dialog>
  );
}

/**
 * `/console/payment-reviews` (admins): money a payment provider reported received that no deposit could take, so
 * nothing was credited; open ones first, newest first, filtered by state in the address. An operator refunds it at the
 * provider and records here what was done.
 */
export function PaymentReviewsSection() {
  const { get, page, hrefFor } = useUrlFilters();
  const state = oneOf(get('state'), paymentReviewStates);
  const reviews = usePaymentReviews({ state, page, size: PAGE_SIZE });
  const [resolving, setResolving] = useState<TPaymentReview>();

  const filters = [
    { id: 'all', label: 'All', to: hrefFor({ state: undefined }) },
    ...paymentReviewStates.map((id) => ({ id, label: stateNames[id], to: hrefFor({ state: id }) })),
  ];

  return (
    <>
      <ConsoleHeader
        title="Payments for review"
        description="Money a payment provider says it received that no deposit could take, so nothing was credited. Refund it in the provider’s dashboard, then record here what you did. Open ones first."
      />
      <FilterLinks label="Review state" items={filters} selectedId={state ?? 'all'} />
      <PagedEntries
        query={reviews}
        noun="payments for review"
        caption="Payments for review"
        pagesLabel="Payment review pages"
        columns={columnsFor(setResolving)}
        rowId={reviewKey}
        empty={{
          icon: 'check',
          title: 'No payments for review',
          body:
            state === 'open'
              ? 'Every payment held for review has been resolved. Nothing to do.'
              : state === 'resolved'
                ? 'None has been resolved yet. Open ones are under Open.'
                : 'A payment appears here when a provider reports money that no deposit could take.',
        }}
      />
      {resolving ? (
        <ResolveDialog review={resolving} onClose={() => setResolving(undefined)} key={reviewKey(resolving)} />
      ) : null}
    </>
  );
}
