import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  formatRedeemCode,
  normalizeRedeemCode,
  REDEEM_CODE_LENGTH,
  redeemMessages,
  ZRedeemRequest,
  type TRedeemRequest,
  type TRedemption,
} from '@cypher/contract';
import { isApiError, isFinalRefusal } from '../../../api/api-error.ts';
import { applyApiError } from '../../../api/form-errors.ts';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useRedeemCode } from '../api/redeem-code.ts';
import styles from './redeem-form.module.css';

/** REDEEM_CODE_NOT_YET_VALID names when the code opens in `details` (field `validFrom`, ISO 8601). */
function notYetValidFrom(error: unknown): string | undefined {
  if (!isApiError(error) || error.code !== 'REDEEM_CODE_NOT_YET_VALID') return undefined;
  const at = error.details?.find((detail) => detail.field === 'validFrom')?.message;
  return at && !Number.isNaN(Date.parse(at)) ? at : undefined;
}

/** When, in the reader's own time zone, where the catalogue's "try again later" left them guessing. */
function notYetValidMessage(isoDate: string): string {
  return `This code can be used from ${formatDateTimeWithZone(isoDate)}. Please try again then.`;
}

/** Every refusal of a code is about the code: its message goes under the field, in the API's words. */
const CODE_FIELD_ERRORS = [
  'REDEEM_CODE_NOT_FOUND',
  'REDEEM_CODE_NOT_YET_VALID',
  'REDEEM_CODE_EXPIRED',
  'REDEEM_CODE_REVOKED',
  'REDEEM_CODE_USED_UP',
  'REDEEM_CODE_ALREADY_REDEEMED',
  'REDEEM_REWARD_OUT_OF_STOCK',
  'REQUEST_MAXIMUN',
  'EMAIL_VERIFICATION_REQUIRED',
] as const;

const fieldForCode = Object.fromEntries(CODE_FIELD_ERRORS.map((code) => [code, 'code' as const]));

/** Every code is as long: one cut short or run on is said here, before asking the API to look it up. */
const ZRedeemForm = ZRedeemRequest.refine(
  ({ code }) => code.trim() === '' || normalizeRedeemCode(code).length === REDEEM_CODE_LENGTH,
  { path: ['code'], error: redeemMessages.codeLength },
);

/**
 * Enter a code and redeem it. The code is read as the API reads it (any case, dashes and spaces optional, O for 0, I
 * and L for 1) and, once it is whole, shown back as printed. Submit is disabled while sending; a refusal shows under
 * the field and keeps what was typed; a success clears the field for the next code. Each attempt starts by telling
 * the page (`onRedeemed(null)`), so the last code's result never stands beside the next one's refusal.
 */
export function RedeemForm({
  onRedeemed,
  hasRedeemed,
}: {
  onRedeemed: (redemption: TRedemption | null) => void;
  hasRedeemed: boolean;
}) {
  const redeem = useRedeemCode();
  const idempotency = useIdempotencyKey('redeem');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<TRedeemRequest>({ resolver: zodResolver(ZRedeemForm), defaultValues: { code: '' } });

  const typed = watch('code');
  const normalized = normalizeRedeemCode(typed);
  const readsAs = normalized.length === REDEEM_CODE_LENGTH ? formatRedeemCode(normalized) : null;

  const onSubmit = handleSubmit(async ({ code }) => {
    // The same code however it was typed is the same attempt: a retry after a lost answer reuses its key.
    const body = { code: normalizeRedeemCode(code) };
    onRedeemed(null);
    try {
      const redemption = await redeem.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
      reset({ code: '' });
      onRedeemed(redemption);
    } catch (error) {
      if (isFinalRefusal(error)) idempotency.settle();
      const opensAt = notYetValidFrom(error);
      if (opensAt) setError('code', { type: 'server', message: notYetValidMessage(opensAt) }, { shouldFocus: true });
      else applyApiError(error, setError, { fields: ['code'], fieldForCode });
    }
  });

  const rootError = errors.root?.server;
  const isUnsure = rootError !== undefined && !isFinalRefusal(redeem.error);
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="redeem-form-heading">
      <h2 id="redeem-form-heading" className={styles.heading}>
        {hasRedeemed ? 'Redeem another code' : 'Enter your code'}
      </h2>
      {rootError ? (
        <Alert tone="error">
          {rootError.message}
          {isUnsure ? ' If the code went through, trying again shows what it gave; it cannot be used twice.' : null}
        </Alert>
      ) : null}
      <Field
        label="Code"
        error={errors.code?.message}
        hint={
          readsAs && readsAs !== typed.trim().toUpperCase() ? (
            <>
              Reads as <span className={styles.readsAs}>{readsAs}</span>
            </>
          ) : (
            '16 letters and digits, as printed. Capitals and dashes are optional.'
          )
        }
      >
        {(control) => (
          <Input
            {...control}
            {...register('code')}
            className={styles.code}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="send"
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="lg" isBlock isLoading={redeem.isPending}>
        Redeem
      </Button>
    </form>
  );
}
