import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, type TMoney, type TMyBalances } from '@cypher/contract';
import { useNow } from '../../../lib/use-now.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { ChoiceCard, ChoiceCards } from '../../../ui/choice-cards.tsx';
import { useMyBalances } from '../../../api/my-balances.ts';
import { useWithdrawalFees } from '../api/get-withdrawal-fees.ts';
import { largestWithdrawalCents, smallestWithdrawalCents } from '../form-schemas.ts';
import { settlingSentence } from '../settling-words.ts';
import { IdentityCheck } from './identity-check.tsx';
import { InsufficientFundsDialog, WireVerificationDialog, type WithdrawalShortfall } from './wallet-dialogs.tsx';
import { UsdcWithdrawalForm } from './usdc-withdrawal-form.tsx';
import { WireWithdrawalForm } from './wire-withdrawal-form.tsx';
import { WithdrawalsList } from './withdrawals-list.tsx';
import styles from '../payment-page.module.css';

export interface WithdrawalFormProps {
  fee: TMoney | undefined;
  withdrawable: TMoney | undefined;
  onInsufficientFunds: (shortfall: WithdrawalShortfall) => void;
}

/**
 * Withdraw by wire or USDC, then follow the requests through review. The forms show once the person's identity is
 * verified; before that, IdentityCheck leads them through it (`?identity=<id>` is where the provider sends them back).
 */
export function WithdrawSection() {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('method');
  const [chosenMethod, setMethod] = useState<TWithdrawalMethod | undefined>(
    asked === 'usdc' || asked === 'wire' ? asked : undefined,
  );
  const [insufficient, setInsufficient] = useState<WithdrawalShortfall>();
  const [wireRefusal, setWireRefusal] = useState<string[]>();
  const fees = useWithdrawalFees();
  const balances = useMyBalances();
  const withdrawable = balances.data?.usd.withdrawable;
  const isWithinReach = (value: TWithdrawalMethod) => !fees.data || canPayFor(fees.data[value], withdrawable);
  // A wire, unless the balance cannot pay for one and USDC can: then the method that can go, until one is chosen.
  const method = chosenMethod ?? (!isWithinReach('wire') && isWithinReach('usdc') ? 'usdc' : 'wire');
  const formProps = {
    withdrawable,
    onInsufficientFunds: setInsufficient,
  };

  return (
    <div className={styles.stack}>
      <IdentityCheck returnedFrom={searchParams.get('identity')}>
        <section className={styles.card} aria-labelledby="withdraw-title">
          <div className={styles.cardHeader}>
            <h2 id="withdraw-title" className={styles.sectionTitle}>
              Withdraw
            </h2>
            <p className={styles.available} aria-live="polite">
              Withdrawable: {withdrawable ? <strong>{formatMoney(withdrawable)}</strong> : <Skeleton width="5rem" />}
            </p>
          </div>
          {withdrawable?.amount === 0 ? (
            <NothingToWithdraw balances={balances.data} />
          ) : (
            <>
              <ChoiceCards legend="Withdraw to">
                {(['wire', 'usdc'] as const).map((value) => (
                  <ChoiceCard
                    key={value}
                    name="withdrawal-method"
                    value={value}
                    checked={method === value}
                    onChange={() => setMethod(value)}
                    icon={value === 'wire' ? 'globe' : 'wallet'}
                    label={value === 'wire' ? 'Bank wire' : 'USDC wallet'}
                    hint={
                      fees.data
                        ? methodHint(fees.data[value], withdrawable)
                        : value === 'wire'
                          ? 'To a bank account'
                          : 'To an Ethereum address'
                    }
                  />
                ))}
              </ChoiceCards>
              {fees.isError ? <p className={styles.muted}>{fees.error.message}</p> : null}
              <NotWithdrawableNote balances={balances.data} />
              {fees.data && !isWithinReach(method) ? (
                <OutOfReach
                  method={method}
                  fee={fees.data[method]}
                  withdrawable={withdrawable}
                  onUseOther={isWithinReach(otherMethod[method]) ? () => setMethod(otherMethod[method]) : undefined}
                />
              ) : method === 'wire' ? (
                <WireWithdrawalForm {...formProps} fee={fees.data?.wire} onWireRefused={setWireRefusal} />
              ) : (
                <UsdcWithdrawalForm {...formProps} fee={fees.data?.usdc} />
              )}
            </>
          )}
        </section>
      </IdentityCheck>
      <WithdrawalsList />
      <InsufficientFundsDialog shortfall={insufficient} onClose={() => setInsufficient(undefined)} />
      <WireVerificationDialog
        isOpen={wireRefusal !== undefined}
        messages={wireRefusal ?? []}
        onClose={() => setWireRefusal(undefined)}
      />
    </div>
  );
}

/**
 * Nothing can go out yet: rather than forms that can only end in "Insufficient funds", what would change that (card
 * money that is still settling), and when.
 */
function NothingToWithdraw({ balances }: { balances: TMyBalances | undefined }) {
  const now = useNow(60_000);
  const nonWithdrawable = balances?.usd.nonWithdrawable;
  return (
    <EmptyState
      icon="wallet"
      title="Nothing to withdraw yet"
      titleAs="h3"
      body={
        nonWithdrawable && nonWithdrawable.amount > 0
          ? notWithdrawableSentence(nonWithdrawable, balances.settling, now)
          : 'Money you add by crypto can be withdrawn at once; money added by card or Tilia once the payment has settled.'
      }
    />
  );
}

/**
 * Why part of the balance cannot go out (decision record 8), said before the forms rather than after the person has
 * filled one in: card and Tilia money waits for its payment to settle, until a date the API gives; rewards and
 * redeemed credit are only spent.
 */
function NotWithdrawableNote({ balances }: { balances: TMyBalances | undefined }) {
  const now = useNow(60_000);
  const amount = balances?.usd.nonWithdrawable;
  if (!amount || amount.amount <= 0) return null;
  return <p className={styles.muted}>{notWithdrawableSentence(amount, balances.settling, now)}</p>;
}

function notWithdrawableSentence(amount: TMoney, settling: TMyBalances['settling'], now: Date): string {
  if (!settling) {
    return `${formatMoney(amount)} of your balance is not withdrawable: rewards and redeemed credit are for spending on drops, passes and tickets.`;
  }
  const credit = amount.amount - settling.amount.amount;
  const creditSentence =
    credit > 0
      ? ` The other ${formatMoney({ amount: credit, currency: amount.currency })} is rewards and redeemed credit, for spending on drops, passes and tickets.`
      : '';
  return `${settlingSentence(settling, now)}${creditSentence}`;
}

type TWithdrawalMethod = 'wire' | 'usdc';
const otherMethod: Record<TWithdrawalMethod, TWithdrawalMethod> = { wire: 'usdc', usdc: 'wire' };
const methodNames: Record<TWithdrawalMethod, string> = { wire: 'A bank wire', usdc: 'A USDC withdrawal' };

/** Whether the withdrawable balance pays for the method's smallest withdrawal with its fee (yes while not known). */
function canPayFor(fee: TMoney, withdrawable: TMoney | undefined): boolean {
  const largest = largestWithdrawalCents(fee, withdrawable);
  return largest === undefined || largest >= smallestWithdrawalCents(fee);
}

/** What the smallest withdrawal by a method takes from the balance, with its fee. */
function smallestTotal(fee: TMoney): TMoney {
  return { amount: smallestWithdrawalCents(fee) + fee.amount, currency: 'USD' };
}

/** A method's fee, and when the withdrawable balance cannot pay for its smallest withdrawal, what that needs. */
function methodHint(fee: TMoney, withdrawable: TMoney | undefined): string {
  const feeWords = `Fee ${formatMoney(fee)} per request`;
  if (canPayFor(fee, withdrawable)) return feeWords;
  return `${feeWords}: needs ${formatMoney(smallestTotal(fee))} withdrawable`;
}

/**
 * In place of a form that could only end in "Insufficient funds": what the chosen method needs, what the balance
 * holds, and the other method when that one can go.
 */
function OutOfReach({
  method,
  fee,
  withdrawable,
  onUseOther,
}: {
  method: TWithdrawalMethod;
  fee: TMoney;
  withdrawable: TMoney | undefined;
  onUseOther: (() => void) | undefined;
}) {
  const smallest = formatMoney({ amount: smallestWithdrawalCents(fee), currency: 'USD' });
  return (
    <Alert
      title={`${methodNames[method]} needs ${formatMoney(smallestTotal(fee))} withdrawable`}
      action={
        onUseOther ? (
          <Button variant="secondary" onClick={onUseOther}>
            {method === 'wire' ? 'Withdraw by USDC instead' : 'Withdraw by bank wire instead'}
          </Button>
        ) : undefined
      }
    >
      The smallest withdrawal this way is {smallest}, and its fee is {formatMoney(fee)}.
      {withdrawable ? ` Your withdrawable balance is ${formatMoney(withdrawable)}.` : ''}
    </Alert>
  );
}

/** Amount, fee and what leaves the balance, before submitting. */
export function WithdrawalTotal({ amountCents, fee }: { amountCents: number; fee: TMoney | undefined }) {
  const amount = Number.isFinite(amountCents) ? amountCents : 0;
  return (
    <dl className={styles.totals} aria-live="polite" aria-label="Withdrawal total">
      <dt>Amount</dt>
      <dd>{formatMoney({ amount, currency: 'USD' })}</dd>
      <dt>Fee</dt>
      <dd>{fee ? formatMoney(fee) : <Skeleton width="4rem" />}</dd>
      <dt className={styles.strong}>Total from your balance</dt>
      <dd className={styles.strong}>{fee ? formatMoney({ amount: amount + fee.amount, currency: 'USD' }) : '…'}</dd>
    </dl>
  );
}
