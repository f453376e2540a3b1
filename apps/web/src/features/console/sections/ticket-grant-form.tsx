import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { formatMoney, ticketCountText, type TConsoleTicketKind, type TGrantTicketsRequest } from '@cypher/contract';
import { useForm } from 'react-hook-form';
import { applyApiError } from '../../../api/form-errors.ts';
import { isFinalRefusal } from '../../../api/api-error.ts';
import { formatCount } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useGrantTickets } from '../api/grant-tickets.ts';
import { ticketGrantFormSchema, type TTicketGrantFormValues } from '../form-schemas.ts';
import { useOperator } from '../components/operator-context.ts';
import styles from '../components/console-form.module.css';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { ConfirmRequestDialog } from '../components/confirm-request-dialog.tsx';

const empty: TTicketGrantFormValues = { recipient: '', count: 1, note: '' };

/** What a grant gives, to whom, and what it is worth at the kind's price: said before it is made. */
function grantWords(body: TGrantTicketsRequest, kind: TConsoleTicketKind): string {
  const tickets = ticketCountText(body.count, kind.name);
  const worth = kind.price
    ? ` (worth ${formatMoney({ amount: kind.price.amount * body.count, currency: kind.price.currency })} at their price)`
    : '';
  const recipient = body.email ?? (body.userId ? `User ${body.userId}` : 'This person');
  return `${recipient} gets ${tickets}${worth} at once, with a notification. Tickets granted cannot be taken back.`;
}

/**
 * Give a person tickets of this kind, found by email address or user id (by user id only for a brand's manager, as
 * the API takes it), with a note for the audit log. The operator
 * confirms first, with the count and its worth: tickets enter raffles and have a price, and a grant cannot be taken
 * back (a slip of 1000 for 100 was one click). Each grant is one attempt with its own Idempotency-Key: confirming the
 * same grant again after a failure reuses it, so a grant whose answer was lost is not made twice; after a success the
 * next grant is a new one.
 */
export function TicketGrantForm({ kind }: { kind: TConsoleTicketKind }) {
  const { isAdmin: isEmailAllowed } = useOperator();
  const grant = useGrantTickets(kind.id);
  const idempotency = useIdempotencyKey('ticket-grant');
  const { showToast } = useToast();
  const resolver = useMemo(() => zodResolver(ticketGrantFormSchema({ isEmailAllowed })), [isEmailAllowed]);
  const form = useForm<TTicketGrantFormValues, unknown, TGrantTicketsRequest>({
    resolver,
    defaultValues: empty,
  });
  const { markSaved } = useUnsavedChanges(form, 'grant of tickets');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;

  const [pending, setPending] = useState<TGrantTicketsRequest>();
  const onSubmit = handleSubmit((body) => setPending(body));

  const send = async (body: TGrantTicketsRequest) => {
    try {
      const granted = await grant.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      setPending(undefined);
      markSaved();
      idempotency.settle();
      showToast({
        tone: 'success',
        title: `${ticketCountText(granted.count, granted.kind.name)} granted`,
        description: `${granted.user.email ?? granted.user.nickname ?? 'This person'} now holds ${formatCount(granted.holding)}.`,
      });
      reset(empty);
    } catch (error) {
      setPending(undefined);
      // A refusal is the answer to this attempt; a lost answer, or the first request still running, keeps the key for
      // the retry, which cannot grant twice.
      if (isFinalRefusal(error)) idempotency.settle();
      applyApiError(error, setError, {
        fields: ['recipient', 'count', 'note'],
        fieldForCode: { TICKET_RECIPIENT_NOT_FOUND: 'recipient', RECIPIENT_EMAIL_ADMIN_ONLY: 'recipient' },
      });
    }
  };

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="ticket-grant-heading">
      <h2 id="ticket-grant-heading" className={styles.cardTitle}>
        Grant tickets
      </h2>
      <p className={styles.hint}>
        Adds tickets of this kind to a person’s count at once; they get a notification, and the grant goes in the audit
        log with your note.
      </p>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <div className={styles.grid}>
        <Field
          label={isEmailAllowed ? 'Email address or user id' : 'User id'}
          hint={isEmailAllowed ? undefined : 'Only an admin can grant by email address.'}
          error={errors.recipient?.message}
          isRequired
          className={styles.full}
        >
          {(props) => <Input {...props} autoComplete="off" spellCheck={false} {...register('recipient')} />}
        </Field>
        <Field label="How many" error={errors.count?.message} isRequired>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={1}
              max={1000}
              step={1}
              {...register('count', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field label="Note" hint="Why, for the audit log (optional)." error={errors.note?.message}>
          {(props) => <Input {...props} autoComplete="off" {...register('note')} />}
        </Field>
      </div>
      <div>
        <Button type="submit" variant="primary">
          Grant tickets
        </Button>
      </div>
      <ConfirmRequestDialog
        pending={pending}
        isSending={grant.isPending}
        title={(body) => `Grant ${ticketCountText(body.count, kind.name)}?`}
        description={(body) => grantWords(body, kind)}
        confirmLabel="Grant tickets"
        onCancel={() => setPending(undefined)}
        onConfirm={(body) => void send(body)}
      />
    </form>
  );
}
