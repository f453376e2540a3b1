import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, type TMoney, type TMyBalances } from '@cypher/contract';
import { useNow } from '../../../lib/use-now.ts';
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
  const [method, setMethod] = useState<'wire' | 'usdc'>(searchParams.get('method') === 'usdc' ? 'usdc' : 'wire');
  const [insufficient, setInsufficient] = useState<WithdrawalShortfall>();
  const [wireRefusal, setWireRefusal] = useState<string[]>();
  const fees = useWithdrawalFees();
  const balances = useMyBalances();
  const withdrawable = balances.data?.usd.withdrawable;
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
              {method === 'wire' ? (
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
    return `${formatMoney(amount)} of your balance is not withdrawable: rewards and redeemed credit are for spending on drops.`;
  }
  const credit = amount.amount - settling.amount.amount;
  const creditSentence =
    credit > 0
      ? ` The other ${formatMoney({ amount: credit, currency: amount.currency })} is rewards and redeemed credit, for spending on drops.`
      : '';
  return `${settlingSentence(settling, now)}${creditSentence}`;
}

/** A method's fee, and when the withdrawable balance cannot pay for its smallest withdrawal, what that needs. */
function methodHint(fee: TMoney, withdrawable: TMoney | undefined): string {
  const feeWords = `Fee ${formatMoney(fee)} per request`;
  const largest = largestWithdrawalCents(fee, withdrawable);
  const smallest = smallestWithdrawalCents(fee);
  if (largest === undefined || largest >= smallest) return feeWords;
  return `${feeWords}: needs ${formatMoney({ amount: smallest + fee.amount, currency: 'USD' })} withdrawable`;
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
