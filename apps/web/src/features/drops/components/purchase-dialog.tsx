import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  creditCents,
  errorCatalogue,
  formatMoney,
  purchasePaymentMethods,
  ZPurchasePaymentMethod,
  type TCreateOrderRequest,
  type TMoney,
  type TPurchasePaymentMethod,
} from '@cypher/contract';
import { isApiError, isFinalRefusal, type ApiError } from '../../../api/api-error.ts';
import { useCypMinorUnits, useMyBalances } from '../../../api/my-balances.ts';
import { useMyUser } from '../../../api/my-user.ts';
import { purchaseStatusPath } from '../../../lib/drop-paths.ts';
import { addFundsPath } from '../../../lib/funds-return.ts';
import { PURCHASE_POPUP_PARAM, PURCHASE_QUANTITY_PARAM } from '../../../lib/page-place.ts';
import { formatCount } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { ChoiceCard, ChoiceCards } from '../../../ui/choice-cards.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import type { IconName } from '../../../ui/icon.tsx';
import { Select } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useCreateOrder } from '../api/create-order.ts';
import { useOrderFee } from '../api/get-order-fee.ts';
import { isPopupEntry } from '../use-purchase-popup.ts';
import styles from './purchase-dialog.module.css';

const methodChoices: Record<TPurchasePaymentMethod, { label: string; icon: IconName; hint: string }> = {
  BALANCE: { label: 'Balance', icon: 'wallet', hint: 'Paid at once from your balance' },
  CARD: { label: 'Card', icon: 'card', hint: "On the card provider's secure page" },
  TILIA: { label: 'Tilia', icon: 'globe', hint: 'With your Tilia wallet' },
};

/** Refusals after which the item itself should be read again: its counts, round or the buyer's allowance moved. */
const dropChangingCodes = new Set([
  'SOLD_OUT',
  'NOT_ENOUGH_PACKS_LEFT',
  'NOT_ENOUGH_PASSES_LEFT',
  'ROUND_NOT_ACTIVE',
  'DROP_NOT_AVAILABLE',
  'NOT_WHITELISTED',
  'RAFFLE_NOT_A_WINNER',
  'RAFFLE_WINDOW_ENDED',
  'PURCHASE_LIMIT_REACHED',
  'PURCHASE_LIMIT_EXCEEDED',
  'PASS_REQUIRED',
  'PASS_SOLD_OUT',
  'PASS_LIMIT_REACHED',
  'PASS_LIMIT_EXCEEDED',
  'PASS_NOT_ON_SALE',
  'TICKET_KIND_NOT_FOUND',
  'TICKET_KIND_NOT_ON_SALE',
  // The waiting room's admission is missing or has passed: the room (read with the drop) says where I stand now.
  'ADMISSION_REQUIRED',
  'ADMISSION_INVALID',
  // The item's price (or the round on sale) changed: its page shows the new one too.
  'PRICE_CHANGED',
]);

/**
 * A quote refused for good (the item sold out or went off sale): asking again cannot price it. A timed-out request or
 * too many requests (408, 429) can be asked again, later.
 */
function isQuoteRefused(error: unknown): error is ApiError {
  return isFinalRefusal(error) && error.status !== 408 && error.status !== 429;
}

/** The quantity an address opens the popup with (`&quantity=3`, the way back from adding funds); 1 without one. */
function quantityFromAddress(search: string): number {
  const quantity = Number(new URLSearchParams(search).get(PURCHASE_QUANTITY_PARAM));
  return Number.isSafeInteger(quantity) && quantity > 1 ? quantity : 1;
}

/** `returnTo` (`/drops/…?buy=1`) carrying `quantity`, when more than one. */
function withQuantity(returnTo: string, quantity: number): string {
  if (quantity <= 1) return returnTo;
  const [path = '', query = ''] = returnTo.split('?');
  const search = new URLSearchParams(query);
  search.set(PURCHASE_QUANTITY_PARAM, String(quantity));
  return `${path}?${search.toString()}`;
}

function purchaseForm(maxQuantity: number) {
  return z.object({
    quantity: z.coerce.number().int().min(1).max(maxQuantity),
    paymentMethod: ZPurchasePaymentMethod,
  });
}
type TPurchaseSchema = ReturnType<typeof purchaseForm>;

/** What the popup buys: packs of a drop's open round, a pass, or tickets (issue 18: one purchase flow for all). */
export interface TPurchaseItem {
  /** The order request's item: `{ dropId }`, `{ passId }` or `{ ticketKindId }`. */
  request: { dropId: string } | { passId: string } | { ticketKindId: string };
  /** The popup's title: "Buy packs of Neon Tides", "Buy Season Pass". */
  title: string;
  /** Where Add funds comes back to, with the popup open again. */
  returnTo: string;
  /** What one unit is called ("pack", "pass", "ticket"); packs unless said. */
  unit?: { one: string; other: string };
}

const packUnit = { one: 'pack', other: 'packs' };

/** An order request with the total the person agreed to when they pressed Pay. */
type TAgreedOrder = TCreateOrderRequest & { expectedTotal: NonNullable<TCreateOrderRequest['expectedTotal']> };

/** The attempt a reload left unanswered, when it is an order for this popup's item with the total it agreed to. */
function resumableOrder(
  kept: { key: string; sent: unknown } | undefined,
  request: TPurchaseItem['request'],
): { key: string; body: TAgreedOrder } | null {
  if (!kept || typeof kept.sent !== 'object' || kept.sent === null) return null;
  const sent = kept.sent as Partial<TAgreedOrder> & Record<string, unknown>;
  const isThisItem = Object.entries(request).every(([field, value]) => sent[field] === value);
  return isThisItem && sent.expectedTotal && typeof sent.quantity === 'number'
    ? { key: kept.key, body: sent as TAgreedOrder }
    : null;
}

interface PurchaseDialogProps {
  item: TPurchaseItem;
  isOpen: boolean;
  onClose: () => void;
  /** Units one order may hold now (the order cap, the remaining allowance, what is left). */
  maxQuantity: number;
  /** Read the item again (a refusal says its state moved). */
  onDropChanged: () => void;
  /**
   * In a round with a waiting room, the admission it gave me (sent with the order), with when my turn ends, counted
   * down by `now`: the page's clock set to the server's, as the waiting room counts it.
   */
  admission?: TAdmission;
}

interface TAdmission {
  token: string;
  turnEndsAt: string;
  now: Date;
}

/**
 * The purchase popup (spec section 2): quantity, unit price, fee and total from `GET /v1/orders/fee`, the payment
 * method, and for the balance either "balance payment available" or "insufficient funds" with Add funds, which comes
 * back here. Submitting creates the order with one Idempotency-Key per attempt and the total Pay showed as the one
 * agreed (`expectedTotal`): a price changed since is refused (PRICE_CHANGED), and the popup reads the fee again and
 * shows the new total beside the one agreed, for the person to pay or not. A refusal is shown with the catalogue's
 * message and the popup keeps what was chosen.
 */
export function PurchaseDialog({ item, isOpen, onClose, maxQuantity, onDropChanged, admission }: PurchaseDialogProps) {
  // While Pay is being sent the popup stays open, as Cancel does: closed, the page looked idle until the answer moved
  // the person to the purchase's status (session 72's access hunt).
  const [isPaying, setIsPaying] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} isBusy={isPaying} title={item.title} size="wide">
      <PurchaseForm
        item={item}
        maxQuantity={maxQuantity}
        onDropChanged={onDropChanged}
        onCancel={onClose}
        onPayingChange={setIsPaying}
        admission={admission}
      />
    </Dialog>
  );
}

function PurchaseForm({
  item,
  maxQuantity,
  onDropChanged,
  onCancel,
  onPayingChange,
  admission,
}: Omit<PurchaseDialogProps, 'isOpen' | 'onClose'> & {
  onCancel: () => void;
  onPayingChange: (isPaying: boolean) => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // A link out of the popup (Add funds, Verify your email) takes the place of the popup's own history entry: Back from
  // there finds the page, and no entry is left behind that would open the popup again after the purchase it led to.
  const leavesPopupEntry = isPopupEntry(location);
  // Closed while its order was being sent (the close button, Back): the page is then under the address again.
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const schema = useMemo(() => purchaseForm(Math.max(1, maxQuantity)), [maxQuantity]);
  const createOrder = useCreateOrder();
  const idempotency = useIdempotencyKey('purchase');
  // The Pay this tab sent whose answer was never seen (lost on the way, or the page reloaded): the popup showed
  // "insufficient funds" from the balance that very order had spent, and nothing said it went through (sessions 76
  // and 78's hunts). Sent again under its key, the API answers what it did: the order is found, never bought twice.
  const [resumable, setResumable] = useState(() => resumableOrder(idempotency.unanswered(), item.request));
  /**
   * The attempt whose answer never came (a network failure, a 5xx), with the total it agreed to: trying again is that
   * same request, so it replays under its key if it did buy, even if the fee read since shows another total.
   */
  // After a reload, the kept attempt's: Pay with the same choice is that attempt, sent with the total it agreed to.
  const unanswered = useRef<{ key: string; expectedTotal: TMoney } | null>(
    resumable ? { key: resumable.key, expectedTotal: resumable.body.expectedTotal } : null,
  );
  // The kept attempt's quantity, else the one the address carries (back from adding funds), else one.
  const [initialQuantity] = useState(() => resumable?.body.quantity ?? quantityFromAddress(location.search));
  /** After PRICE_CHANGED: the total agreed and refused, for what quantity; null otherwise. */
  const [refusedTotal, setRefusedTotal] = useState<{ total: TMoney; quantity: number } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<TPurchaseSchema>, unknown, z.output<TPurchaseSchema>>({
    resolver: zodResolver(schema),
    // The kept attempt's choice, so that Pay, too, sends that same order.
    defaultValues: {
      quantity: initialQuantity,
      paymentMethod: resumable?.body.paymentMethod ?? 'BALANCE',
    },
  });
  const [isResending, setIsResending] = useState(false);
  // Pay, or the kept payment sent again: the popup stays open and its choices still until the answer.
  const isSending = isSubmitting || isResending;
  useEffect(() => {
    onPayingChange(isSending);
    return () => onPayingChange(false);
  }, [isSending, onPayingChange]);
  // Chosen again once the select is there: as a default value alone, more than one gave way to the select's first
  // option when it mounted (under StrictMode at least).
  useEffect(() => {
    if (initialQuantity > 1) setValue('quantity', String(initialQuantity));
  }, [initialQuantity, setValue]);
  const chosenQuantity = Number(useWatch({ control, name: 'quantity' })) || 1;
  const quantity = Math.min(Math.max(1, chosenQuantity), Math.max(1, maxQuantity));
  // Fewer left than were chosen (the live counts moved while the popup was open): the choice follows what the select
  // now shows and the total is for, rather than Pay refusing a number nobody sees.
  useEffect(() => {
    // As the select's own value (a string): the form matches it against the options' values.
    if (chosenQuantity > quantity) setValue('quantity', String(quantity));
  }, [chosenQuantity, quantity, setValue]);
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  const fee = useOrderFee(item.request, quantity);
  // The quote itself refused (the item went off sale or sold out since the page was read): asking again cannot price
  // it, so the page reads the item again and says where it stands, as after a refused Pay (session 77's review).
  const feeRefusal = fee.isError && isQuoteRefused(fee.error) ? fee.error : null;
  const onFeeRefused = useEffectEvent((code: string) => {
    if (dropChangingCodes.has(code)) onDropChanged();
  });
  useEffect(() => {
    if (feeRefusal) onFeeRefused(feeRefusal.code);
  }, [feeRefusal]);
  const balances = useMyBalances();
  // Buying needs a verified email (EMAIL_VERIFICATION_REQUIRED): say so before Pay rather than after it.
  const isEmailUnverified = useMyUser().user?.isEmailVerified === false;
  const cypMinorUnits = useCypMinorUnits();
  const format = (money: TMoney) => formatMoney(money, { cypMinorUnits });
  // USD cents, with what the CYP credit pays for (whole cents of it, spent first, as the purchase spends it).
  const credit = balances.data ? creditCents(balances.data.cyp.nonWithdrawable.amount, balances.data.cypUnit) : 0;
  const spendable = balances.data
    ? balances.data.usd.withdrawable.amount + balances.data.usd.nonWithdrawable.amount + credit
    : null;
  const total = fee.data && !fee.isPlaceholderData ? fee.data.total : null;
  const isShort = paymentMethod === 'BALANCE' && total !== null && spendable !== null && spendable < total.amount;
  const { unit = packUnit } = item;
  // Add funds comes back to the popup with this quantity, the one whose total was short.
  const returnTo = withQuantity(item.returnTo, quantity);
  // Add funds arrives with what is missing filled in (the total and the balance are both USD cents).
  const shortfall = isShort && total && spendable !== null ? total.amount - spendable : null;

  /** Sends the order and goes to its status page, or shows why not; `body.expectedTotal` is the total agreed to. */
  async function sendOrder(body: TAgreedOrder, idempotencyKey: string) {
    const agreed = body.expectedTotal;
    unanswered.current = { key: idempotencyKey, expectedTotal: agreed };
    const settle = () => {
      idempotency.settle();
      unanswered.current = null;
    };
    setRefusedTotal(null);
    try {
      const created = await createOrder.mutateAsync({ body, idempotencyKey });
      settle();
      // Card and Tilia: the provider's checkout is another site, and sends the person back to the status page. The
      // status page goes into the history first, so the browser's Back from the provider lands on the order waiting
      // for its payment (with the way to pay), not on this popup opened again by its address (`?buy=`).
      // The page under the popup stays in the history without `?buy=`, so Back from the status page, however the
      // order was paid, finds the page and not this popup opened again, one tap from paying twice: the popup's own
      // entry (use-purchase-popup.ts) becomes the status page; an address that arrived with `?buy=` loses it first.
      if (leavesPopupEntry && isMounted.current) {
        await navigate(purchaseStatusPath(created.id), { replace: true });
      } else if (leavesPopupEntry) {
        // The popup closed while the order was sent, stepping back over its entry: the page is current again.
        await navigate(purchaseStatusPath(created.id));
      } else {
        if (new URLSearchParams(location.search).has(PURCHASE_POPUP_PARAM)) {
          const search = new URLSearchParams(location.search);
          search.delete(PURCHASE_POPUP_PARAM);
          search.delete(PURCHASE_QUANTITY_PARAM);
          await navigate({ pathname: location.pathname, search: search.toString() }, { replace: true });
        }
        await navigate(purchaseStatusPath(created.id));
      }
      if (created.checkoutUrl) window.location.assign(created.checkoutUrl);
    } catch (error) {
      // The API keeps a refusal (a 4xx) under its key and replays it, so trying again after one (funds added in
      // another tab, say) is a new attempt with a new key. A network failure or a 5xx may not have reached or
      // finished: the retry keeps the key, so it cannot buy twice. REQUEST_IN_PROGRESS: the first is still running.
      if (isFinalRefusal(error)) settle();
      // Its answer lost, the order may have gone through and spent the balance the popup now reads as short (Pay off):
      // the notice offers to send that very attempt again, as after a reload (session 78's drop-day hunt).
      else if (isMounted.current) setResumable(resumableOrder(idempotency.unanswered(), item.request));
      if (isApiError(error) && dropChangingCodes.has(error.code)) onDropChanged();
      if (isApiError(error) && error.code === 'INSUFFICIENT_FUNDS') void balances.refetch();
      if (isApiError(error) && error.code === 'PRICE_CHANGED') {
        // Nothing was bought: the new total is read and shown, and Pay waits for it; paying it is a new attempt.
        setRefusedTotal({ total: agreed, quantity: body.quantity });
        void fee.refetch();
      }
      setError('root.server', {
        type: isApiError(error) ? error.code : 'unknown',
        message: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
      });
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    const choice = {
      ...item.request,
      quantity: values.quantity,
      paymentMethod: values.paymentMethod,
      ...(admission ? { admissionToken: admission.token } : {}),
    };
    const idempotencyKey = idempotency.keyFor(choice);
    const shown = total && fee.data?.quantity === values.quantity ? total : null;
    const agreed = unanswered.current?.key === idempotencyKey ? unanswered.current.expectedTotal : shown;
    // Pay waits for the fee of this quantity, so there is always a total here; without one nothing is agreed.
    if (!agreed) return;
    const body: TAgreedOrder = { ...choice, expectedTotal: { amount: agreed.amount, currency: 'USD' } };
    // The same attempt (same key), now kept with the total agreed: a reload can send it again exactly as it went.
    idempotency.keyFor(choice, body);
    setResumable(null);
    await sendOrder(body, idempotencyKey);
  });

  async function resend() {
    if (!resumable) return;
    setIsResending(true);
    try {
      await sendOrder(resumable.body, resumable.key);
    } finally {
      if (isMounted.current) {
        setIsResending(false);
        // Gone once answered (bought, or refused for good); still there when the answer was lost again, or the
        // first is still being processed: the notice stays, to be asked again.
        setResumable(resumableOrder(idempotency.unanswered(), item.request));
      }
    }
  }

  const serverError = errors.root?.server;
  // A refusal shows at the top of the popup, which on a phone is scrolled away by then (the way to pay and Pay are at
  // its foot): brought into sight, or the person sees only Pay's total change ("the price has changed").
  const serverAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError) serverAlert.current?.scrollIntoView?.({ block: 'nearest' });
  }, [serverError]);
  // After PRICE_CHANGED, until the new total is in: Pay would only send the refused one again.
  const isRepricing = serverError?.type === 'PRICE_CHANGED' && fee.isFetching;
  const repriced =
    serverError?.type === 'PRICE_CHANGED' &&
    refusedTotal &&
    total &&
    !isRepricing &&
    quantity === refusedTotal.quantity &&
    total.amount !== refusedTotal.total.amount
      ? { was: refusedTotal.total, now: total }
      : null;
  const verifyEmailLink = (
    <ButtonLink to="/email/verify" size="sm" variant="primary" replace={leavesPopupEntry}>
      Verify your email
    </ButtonLink>
  );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      {/* A timer, not a live region: it is read when reached, not announced every second. */}
      {admission ? (
        <p className={styles.turn}>
          Your turn ends in <Countdown to={admission.turnEndsAt} now={admission.now} className={styles.turnTime} />
        </p>
      ) : null}
      {resumable ? (
        <Alert
          title="Your last payment may have gone through"
          action={
            <Button
              size="sm"
              variant="primary"
              onClick={() => void resend()}
              isLoading={isResending}
              disabled={isSubmitting}
            >
              Check that payment
            </Button>
          }
        >
          Send it again to see how it went: {formatCount(resumable.body.quantity)}{' '}
          {resumable.body.quantity === 1 ? unit.one : unit.other} for {format(resumable.body.expectedTotal)}. It cannot
          be paid twice.
        </Alert>
      ) : null}
      {isEmailUnverified && !serverError ? (
        <Alert tone="error" action={verifyEmailLink}>
          {errorCatalogue.EMAIL_VERIFICATION_REQUIRED.message}
        </Alert>
      ) : null}
      {serverError ? (
        <div ref={serverAlert}>
          <Alert
            tone="error"
            action={
              serverError.type === 'INSUFFICIENT_FUNDS' && !isShort ? (
                <ButtonLink to={addFundsPath(returnTo)} size="sm" variant="primary" replace={leavesPopupEntry}>
                  Add funds
                </ButtonLink>
              ) : serverError.type === 'EMAIL_VERIFICATION_REQUIRED' ? (
                verifyEmailLink
              ) : undefined
            }
          >
            {serverError.message}
            {repriced ? (
              <>
                {' '}
                The total is now <strong>{format(repriced.now)}</strong> (it was {format(repriced.was)}).
              </>
            ) : null}
          </Alert>
        </div>
      ) : null}

      {/*
        Two columns on a wide screen, so the whole choice (quantity, price, the balance's verdict, the way to pay
        and Pay) is in sight without scrolling in an 800 px high window; one column on a phone, in this order.
      */}
      <div className={styles.columns}>
        <div className={styles.column}>
          <Field
            label="Quantity"
            hint={`Up to ${formatCount(maxQuantity)} ${maxQuantity === 1 ? unit.one : unit.other} in this order.`}
            error={errors.quantity?.message}
          >
            {(props) => (
              <Select {...props} {...register('quantity')}>
                {Array.from({ length: Math.max(1, maxQuantity) }, (_, index) => index + 1).map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </Select>
            )}
          </Field>

          <FeeSummary fee={fee} format={format} />

          {/* Beside the total it is measured against, so a phone shows "insufficient funds" without scrolling. */}
          {paymentMethod === 'BALANCE' ? (
            <BalanceNotice
              isLoading={balances.isPending}
              isError={balances.isError}
              spendable={spendable}
              credit={credit > 0 ? { cents: credit, cyp: balances.data!.cyp.nonWithdrawable } : null}
              total={total}
              isShort={isShort}
              addFundsTo={addFundsPath(returnTo, shortfall)}
              format={format}
            />
          ) : (
            <p className={styles.note}>
              {'ticketKindId' in item.request
                ? quantity === 1
                  ? `Your ${unit.one} arrives once the payment is confirmed`
                  : `Your ${unit.other} arrive once the payment is confirmed`
                : quantity === 1
                  ? `Your ${unit.one} is held for you while you pay`
                  : `Your ${unit.other} are held for you while you pay`}{' '}
              on the provider&apos;s page; you come back here to follow the purchase.
            </p>
          )}
        </div>

        <ChoiceCards legend="Payment method" isInDialog disabled={isSending}>
          {purchasePaymentMethods.map((value) => (
            <ChoiceCard
              key={value}
              value={value}
              icon={methodChoices[value].icon}
              iconSize={22}
              label={methodChoices[value].label}
              hint={methodChoices[value].hint}
              {...register('paymentMethod')}
            />
          ))}
        </ChoiceCards>
      </div>

      <div className={styles.actions}>
        <Button variant="ghost" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          isLoading={isSubmitting}
          disabled={
            isShort ||
            isEmailUnverified ||
            !fee.data ||
            fee.isError ||
            fee.isPlaceholderData ||
            isRepricing ||
            isResending
          }
        >
          {paymentMethod === 'BALANCE' ? 'Pay now' : 'Continue to payment'}
          {total ? ` · ${format(total)}` : ''}
        </Button>
      </div>
    </form>
  );
}

function FeeSummary({ fee, format }: { fee: ReturnType<typeof useOrderFee>; format: (money: TMoney) => string }) {
  if (fee.isPending) {
    return (
      <div role="status" className={styles.totals} aria-busy="true" aria-label="Loading the price">
        <Skeleton width="80%" />
        <Skeleton width="60%" />
        <Skeleton width="70%" />
      </div>
    );
  }
  if (fee.isError && !fee.data && isQuoteRefused(fee.error)) {
    // A refusal, not a failure: its words say why, and Try again would only be refused again.
    return (
      <Alert tone="error" title="We could not price this order">
        {fee.error.message}
      </Alert>
    );
  }
  if (fee.isError && !fee.data) {
    return (
      <Alert
        tone="error"
        title="We could not price this order"
        action={
          <Button size="sm" variant="secondary" onClick={() => void fee.refetch()} isLoading={fee.isFetching}>
            Try again
          </Button>
        }
      >
        {fee.error.message}
      </Alert>
    );
  }
  const data = fee.data;
  return (
    <dl
      className={fee.isPlaceholderData ? `${styles.totals} ${styles.stale}` : styles.totals}
      aria-label="Price"
      aria-busy={fee.isPlaceholderData || undefined}
    >
      <dt>Unit price</dt>
      <dd>
        {format(data.unitPrice)} <span className={styles.muted}>({format(data.unitPriceCyp)})</span>
      </dd>
      <dt>Subtotal ({formatCount(data.quantity)})</dt>
      <dd>{format(data.subtotal)}</dd>
      <dt>Service fee</dt>
      <dd>{format(data.serviceFee)}</dd>
      <dt className={styles.strong}>Total</dt>
      <dd className={styles.strong}>{format(data.total)}</dd>
    </dl>
  );
}

function BalanceNotice({
  isLoading,
  isError,
  spendable,
  credit,
  total,
  isShort,
  addFundsTo,
  format,
}: {
  isLoading: boolean;
  isError: boolean;
  spendable: number | null;
  /** Of `spendable`, the cents CYP credit pays for, and the credit itself; null without credit. */
  credit: { cents: number; cyp: TMoney } | null;
  total: TMoney | null;
  isShort: boolean;
  addFundsTo: string;
  format: (money: TMoney) => string;
}) {
  const leavesPopupEntry = isPopupEntry(useLocation());
  if (isLoading) {
    return (
      <p className={styles.note} aria-busy="true">
        Checking your balance…
      </p>
    );
  }
  if (isError || spendable === null) {
    return <p className={styles.note}>We could not read your balance just now; paying will check it.</p>;
  }
  const usd = (cents: number) => format({ amount: cents, currency: 'USD' });
  // "$25.00, of which $10.00 is CYP credit (1,000.50 CYP), spent first" when the credit is part of it.
  const creditPart = credit ? `${usd(credit.cents)} of CYP credit (${format(credit.cyp)})` : '';
  const balance = !credit
    ? usd(spendable)
    : credit.cents === spendable
      ? creditPart
      : `${usd(spendable)}, of which ${usd(credit.cents)} is CYP credit (${format(credit.cyp)}), spent first`;
  if (isShort && total) {
    return (
      <Alert
        tone="error"
        title="Insufficient funds"
        action={
          <ButtonLink to={addFundsTo} size="sm" variant="primary" replace={leavesPopupEntry}>
            Add funds
          </ButtonLink>
        }
      >
        Your balance is {balance}; this order costs {format(total)}. Add funds, then come back to finish.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title="Balance payment available">
      Your balance is {balance}.
    </Alert>
  );
}
