import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_REDEEM_BATCH_CODES, MAX_USES_PER_CODE, redeemMessages, type TRedeemBatchRequest } from '@cypher/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { Field } from '../../../ui/field.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateConsoleRedeemBatch } from '../api/create-console-redeem-batch.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { DateTimeField } from '../components/date-time-field.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { GrantFields } from '../components/grant-fields.tsx';
import { grantWords } from '../components/grant-words.ts';
import { applyFieldApiError } from '../field-api-errors.ts';
import { numberOrNull } from '../form-values.ts';
import {
  emptyRedeemBatch,
  redeemBatchFieldOf,
  redeemBatchFormSchema,
  type TRedeemBatchFormValues,
} from '../redeem-batch-form-values.ts';
import { useCypUnit } from '../use-cyp-unit.ts';
import { useGrantStock, type TGrantStock } from '../use-grant-stock.ts';
import styles from '../components/console-form.module.css';
import dropStyles from '../components/drops.module.css';
import { FormSection } from '../components/form-section.tsx';
import { TimeZoneHint } from '../components/time-zone-hint.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { ConfirmRequestDialog } from '../components/confirm-request-dialog.tsx';

type TOutput = z.output<ReturnType<typeof redeemBatchFormSchema>>;

/**
 * What the confirmation says a batch will do: the codes, their uses, and the most it can give in all, which the form's
 * three counts multiply into (1,000 codes × 1,000 uses × 100.00 CYP is 100,000,000.00 CYP, and nothing on the form
 * said so before a review found it), and whether what it gives has fewer left than that.
 */
function batchWords(
  batch: TRedeemBatchRequest,
  cypDecimals: number | undefined,
  now: number,
  stock: TGrantStock | undefined,
): string {
  const codes = `${formatCount(batch.codeCount)} ${batch.codeCount === 1 ? 'code' : 'codes'}`;
  const uses =
    batch.usesPerCode === 1
      ? 'each usable once'
      : `each usable ${formatCount(batch.usesPerCode)} times in all and ${batch.usesPerPerson === 1 ? 'once' : `${formatCount(batch.usesPerPerson)} times`} by one person`;
  const totalUses = BigInt(batch.codeCount) * BigInt(batch.usesPerCode);
  const from =
    Date.parse(batch.validFrom) <= now ? 'as soon as they are made' : `from ${formatDateTimeWithZone(batch.validFrom)}`;
  return (
    `“${batch.name}” makes ${codes}, ${uses}. Each use gives ${grantWords(batch.grant, cypDecimals)}; ` +
    `in all the batch can give up to ${grantWords(batch.grant, cypDecimals, totalUses)} ` +
    `(${totalUses.toLocaleString('en-US')} ${totalUses === 1n ? 'use' : 'uses'}). ` +
    `The codes work ${from} until ${formatDateTimeWithZone(batch.validUntil)}. ` +
    // A pass, pool or gift round gives while it lasts; past it a use is refused and the code keeps it.
    (stock && BigInt(stock.left) < totalUses ? `${stock.hasOnly}: uses past them are refused. ` : '') +
    'A batch cannot be changed afterwards, only revoked.'
  );
}

/**
 * A new batch of redeem codes: what each code gives, how many codes, how often one can be used in all and by one
 * person, and when they are valid. The form's rules show under their fields; then the operator confirms what the batch
 * can give in all, since its codes may work at once. The codes are made then; the batch's page offers them as CSV. A
 * batch does not change after it is made (its codes may already be handed out), it can only be revoked.
 */
function RedeemBatchForm() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreateConsoleRedeemBatch();
  const [pending, setPending] = useState<TRedeemBatchRequest>();
  const cypDecimals = useCypUnit().decimals;
  const { stock, isReading: isStockReading } = useGrantStock(pending?.grant);
  const resolver = useMemo(() => zodResolver(redeemBatchFormSchema(cypDecimals)), [cypDecimals]);
  const form = useForm<TRedeemBatchFormValues, unknown, TOutput>({
    resolver,
    defaultValues: emptyRedeemBatch(),
  });
  const { markSaved } = useUnsavedChanges(form, 'batch of codes');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((request) => {
    // The API's rule, said under Until before the confirmation rather than after it: codes dead on arrival.
    if (Date.parse(request.validUntil) <= Date.now()) {
      setError('validUntil', { message: redeemMessages.expired }, { shouldFocus: true });
      return;
    }
    setPending(request);
  });

  async function make(request: TRedeemBatchRequest) {
    try {
      const created = await create.mutateAsync(request);
      setPending(undefined);
      markSaved();
      showToast({
        tone: 'success',
        title: `${formatCount(created.codeCount)} ${created.codeCount === 1 ? 'code' : 'codes'} made`,
        description: 'Download them as CSV to hand them out.',
      });
      void navigate(`/console/redeem-batches/${created.id}`, { replace: true });
    } catch (error) {
      setPending(undefined);
      applyFieldApiError(error, setError, redeemBatchFieldOf, {
        GRANT_ITEM_NOT_FOUND: 'grant.kind',
        GRANT_PASS_ENDED: 'grant.kind',
      });
    }
  }

  return (
    <EntryForm label="New batch of codes" onSubmit={onSubmit} serverError={errors.root?.server?.message}>
      <FormSection id="batch-about" title="Batch">
        <div className={styles.grid}>
          <Field
            label="Name"
            hint="For you and the audit log; collectors see it beside what they redeemed."
            error={errors.name?.message}
            isRequired
            className={styles.full}
          >
            {(props) => <Input {...props} maxLength={120} placeholder="e.g. Launch party" {...register('name')} />}
          </Field>
        </div>
      </FormSection>

      <FormSection id="batch-grant" title="Each code gives">
        <GrantFields control={control} name="grant" />
      </FormSection>

      <FormSection id="batch-codes" title="Codes and uses">
        <p className={styles.hint}>
          Codes are 16 random characters, typed in any case. A code that can be used several times is one code many
          people share; single-use codes are handed out one to a person. Uses per person limits one code, not the batch:
          someone given two codes of it can redeem both.
        </p>
        <div className={dropStyles.times}>
          <Field
            label="Number of codes"
            hint={`How many to make, 1 to ${formatCount(MAX_REDEEM_BATCH_CODES)}.`}
            error={errors.codeCount?.message}
            isRequired
          >
            {(props) => (
              <CountInput
                {...props}
                max={MAX_REDEEM_BATCH_CODES}
                {...register('codeCount', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
          <Field
            label="Uses per code"
            hint="How many times one code can be redeemed in all."
            error={errors.usesPerCode?.message}
            isRequired
          >
            {(props) => (
              <CountInput
                {...props}
                max={MAX_USES_PER_CODE}
                {...register('usesPerCode', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
          <Field
            label="Uses per person"
            hint="How many times one person can redeem the same code."
            error={errors.usesPerPerson?.message}
            isRequired
          >
            {(props) => (
              <CountInput
                {...props}
                max={MAX_USES_PER_CODE}
                {...register('usesPerPerson', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection id="batch-validity" title="Valid">
        <TimeZoneHint>Before and after, the codes are refused in words.</TimeZoneHint>
        <div className={dropStyles.times}>
          {(
            [
              ['validFrom', 'From', 'Codes can be redeemed from then.'],
              ['validUntil', 'Until', 'Codes expire then.'],
            ] as const
          ).map(([name, label, hint]) => (
            <DateTimeField key={name} control={control} name={name} label={label} hint={hint} isRequired />
          ))}
        </div>
      </FormSection>

      <FormActions isSaving={create.isPending} cancelTo="/console/redeem-batches" isNew hasDrafts={false} />

      <ConfirmRequestDialog
        pending={pending}
        isSending={create.isPending}
        isReading={isStockReading}
        title={() => 'Make these codes?'}
        description={(batch) => batchWords(batch, cypDecimals, Date.now(), stock)}
        confirmLabel="Make codes"
        onCancel={() => setPending(undefined)}
        onConfirm={(batch) => void make(batch)}
      />
    </EntryForm>
  );
}

/** `/console/redeem-batches/new`. */
export function NewRedeemBatch() {
  return (
    <>
      <ConsoleHeader
        back={{ to: '/console/redeem-batches', label: 'All batches' }}
        title="New batch of codes"
        description="The codes work as soon as the batch is valid: hand them out after downloading them."
      />
      <RedeemBatchForm />
    </>
  );
}
