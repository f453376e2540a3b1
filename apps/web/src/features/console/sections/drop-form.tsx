import { zodResolver } from '@hookform/resolvers/zod';
import { errorCatalogue, MAX_EDITIONS_PER_PACK, type TConsoleDrop } from '@cypher/contract';
import { useEffect } from 'react';
import { useForm, type Path, type UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error.ts';
import { Field } from '../../../ui/field.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateConsoleDrop } from '../api/create-console-drop.ts';
import { useUpdateConsoleDrop } from '../api/update-console-drop.ts';
import { BrandField } from '../components/brand-select.tsx';
import { DateTimeField } from '../components/date-time-field.tsx';
import { DropContentsEditor } from '../components/drop-contents-editor.tsx';
import { DropGiftRoundEditor } from '../components/drop-gift-round-editor.tsx';
import { DropRoundsEditor, type TRoundPass } from '../components/drop-rounds-editor.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import {
  dropFormScheduleIssues,
  dropFormValues,
  emptyRound,
  ZDropForm,
  type TDropFormContent,
  type TDropFormValues,
} from '../drop-form-values.ts';
import { numberOrNull, withRules } from '../form-values.ts';
import styles from '../components/console-form.module.css';
import dropStyles from '../components/drops.module.css';
import { FormSection } from '../components/form-section.tsx';
import { TimeZoneHint } from '../components/time-zone-hint.tsx';
import { entryKey } from '../../../ui/edits-left-behind.ts';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';

type TOutput = z.output<typeof ZDropForm>;

const topFields = [
  'brandId',
  'name',
  'description',
  'imageUrl',
  'visibleAt',
  'dropBeginAt',
  'dropEndAt',
  'editionsPerPack',
  'contents',
];
const roundFields = ['saleBeginAt', 'saleEndAt', 'price', 'perPersonLimit', 'packCount', 'whitelist.name'];
/** The request's pass fields by the form's: one select for both, and the guarantee's numbers beside it. */
const passFields: Record<string, string> = {
  requiredPassId: 'passAccess',
  passGuarantee: 'passAccess',
  'passGuarantee.passId': 'passAccess',
  'passGuarantee.packsPerHolder': 'packsPerHolder',
  'passGuarantee.minutes': 'guaranteeMinutes',
};

/**
 * Where one of the API's field details belongs in this form: a whitelist's address (`rounds.1.whitelist.emails.4`)
 * under that round's list, a product's edition shortfall ("Dragon: 12 editions asked, 8 left of 100.") under that
 * product's count, a round's pass settings under its pass select or the guarantee's numbers, everything else under
 * the field of the same name; undefined when the form has no such field.
 */
function formFieldOf(field: string, message: string, contents: TDropFormContent[]): Path<TDropFormValues> | undefined {
  const emails = /^rounds\.(\d+)\.whitelist\.emails(\.\d+)?$/.exec(field);
  if (emails) return `rounds.${Number(emails[1])}.whitelist.emails`;
  if (field === 'contents') {
    const row = contents.findIndex((content) => message.startsWith(`${content.product.name}: `));
    return row === -1 ? 'contents' : `contents.${row}.editionCount`;
  }
  if (/^contents\.\d+\.editionCount$/.test(field)) return field as Path<TDropFormValues>;
  if (field === 'giftRound' || field === 'giftRound.packCount') return 'giftRound.packCount';
  const round = /^rounds\.(\d+)\.(.+)$/.exec(field);
  if (round && roundFields.includes(round[2]!)) return field as Path<TDropFormValues>;
  if (round && passFields[round[2]!])
    return `rounds.${Number(round[1])}.${passFields[round[2]!]}` as Path<TDropFormValues>;
  return topFields.includes(field) ? (field as Path<TDropFormValues>) : undefined;
}

/**
 * The API's refusal where the operator will look: each field detail under its field (several for one field read
 * together), and the message on top unless it was only about fields (a request the contract turned down).
 */
function applyDropApiError(error: unknown, setError: UseFormSetError<TDropFormValues>, contents: TDropFormContent[]) {
  if (!isApiError(error)) {
    setError('root.server', { message: errorCatalogue.INTERNAL_ERROR.message });
    return;
  }
  const byField = new Map<Path<TDropFormValues>, string[]>();
  for (const detail of error.details ?? []) {
    const field = formFieldOf(detail.field, detail.message, contents);
    if (field) byField.set(field, [...(byField.get(field) ?? []), detail.message]);
  }
  [...byField].forEach(([field, messages], index) =>
    setError(field, { type: 'server', message: [...new Set(messages)].join(' ') }, { shouldFocus: index === 0 }),
  );
  if (byField.size === 0 || error.code !== 'INVALID_REQUEST') {
    setError('root.server', { type: error.code, message: error.message });
  }
}

/** The passes the saved rounds name: their rounds keep showing them when the brand's first hundred lack them. */
function savedPassesOf(drop: TConsoleDrop): TRoundPass[] {
  return drop.rounds.flatMap((round) => {
    const pass = round.requiredPass ?? round.passGuarantee?.pass;
    return pass ? [{ id: pass.id, name: pass.name }] : [];
  });
}

interface DropFormProps {
  /** The saved draft; none for a new drop. */
  drop?: TConsoleDrop;
  /** For a new drop of a manager of one brand: that brand, shown as fixed (they have no other). */
  onlyBrand?: { id: string; name: string };
  /** Told whether the form holds unsaved changes (publishing takes the drop as last saved). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * Create a drop or change its draft: brand, words and artwork, the schedule, the packs' contents with a live summary
 * of the odds, the sale rounds with their prices, limits and whitelists, and the packs set aside for giveaways. The whole drop is sent each time (the
 * API replaces a draft), and the contract's rules show under their fields before anything is sent.
 */
export function DropForm({ drop, onlyBrand, onDirtyChange }: DropFormProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreateConsoleDrop();
  const update = useUpdateConsoleDrop(drop?.id ?? '', drop?.updatedAt);
  const form = useForm<TDropFormValues, unknown, TOutput>({
    resolver: withRules(zodResolver(ZDropForm), dropFormScheduleIssues),
    defaultValues: dropFormValues(drop, onlyBrand?.id),
  });
  const { markSaved, whileSaving } = useUnsavedChanges(form, 'drop', {
    entry: drop ? { key: entryKey('drops', drop.id), version: drop.updatedAt } : undefined,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isDirty },
  } = form;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit((request) =>
    whileSaving(async () => {
      try {
        if (!drop) {
          const created = await create.mutateAsync(request);
          markSaved({ movingTo: entryKey('drops', created.id) });
          showToast({ tone: 'success', title: 'Drop created', description: 'It is a draft until you publish it.' });
          void navigate(`/console/drops/${created.id}`, { replace: true });
          return;
        }
        await update.mutateAsync(request);
        markSaved();
        showToast({ tone: 'success', title: 'Changes saved' });
      } catch (error) {
        applyDropApiError(error, setError, getValues('contents'));
      }
    }),
  );

  /** A time picked for the drop also starts the first round or ends the last, while those are still empty. */
  function fillRoundTime(which: 'dropBeginAt' | 'dropEndAt', value: string | null) {
    const rounds = getValues('rounds');
    if (!value || rounds.length === 0) return;
    if (which === 'dropBeginAt' && !rounds[0]!.saleBeginAt) setValue('rounds.0.saleBeginAt', value);
    const last = rounds.length - 1;
    if (which === 'dropEndAt' && !rounds[last]!.saleEndAt) setValue(`rounds.${last}.saleEndAt`, value);
  }

  /**
   * A drop holds its own brand's products only, and its rounds name its own brand's passes (PASS_NOT_OF_BRAND): another
   * brand starts the contents again and opens every round to everyone.
   */
  function clearBrandChoices() {
    setValue('contents', []);
    getValues('rounds').forEach((_, index) => setValue(`rounds.${index}.passAccess`, emptyRound().passAccess));
  }

  return (
    <EntryForm
      label={drop ? `Edit ${drop.name}` : 'New drop'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="drop-about" title="Drop">
        <div className={styles.grid}>
          <BrandField
            control={control}
            name="brandId"
            fixedBrandName={drop?.brand.name ?? onlyBrand?.name}
            onBrandChange={clearBrandChoices}
          />
          <Field label="Name" error={errors.name?.message} isRequired>
            {(props) => <Input {...props} {...register('name')} />}
          </Field>
          <Field label="Description" className={styles.full} error={errors.description?.message}>
            {(props) => <Textarea {...props} rows={4} {...register('description')} />}
          </Field>
        </div>
      </FormSection>

      <FormSection id="drop-artwork" title="Artwork">
        <ControlledImageField
          control={control}
          name="imageUrl"
          label="Artwork"
          isRequired
          hint="Square works best: it heads the drop's page and its card."
        />
      </FormSection>

      <FormSection id="drop-schedule" title="Schedule">
        <TimeZoneHint>
          Collectors see the drop from its visible time, and can buy from the first round on, until it ends.
        </TimeZoneHint>
        <div className={dropStyles.times}>
          {(
            [
              ['visibleAt', 'Visible from', 'When the drop appears as upcoming.'],
              ['dropBeginAt', 'Begins', 'The drop opens; the first round starts then or later.'],
              ['dropEndAt', 'Ends', 'The sale closes and the provenance seed is revealed.'],
            ] as const
          ).map(([name, label, hint]) => (
            <DateTimeField
              key={name}
              control={control}
              name={name}
              label={label}
              hint={hint}
              isRequired
              onPicked={name === 'visibleAt' ? undefined : (iso) => fillRoundTime(name, iso)}
            />
          ))}
        </div>
      </FormSection>

      <FormSection id="drop-contents" title="Packs and contents">
        <div className={styles.grid}>
          <Field
            label="Editions per pack"
            hint={`Every pack holds this many editions, from 1 to ${MAX_EDITIONS_PER_PACK}.`}
            error={errors.editionsPerPack?.message}
            isRequired
          >
            {(props) => (
              <CountInput
                {...props}
                max={MAX_EDITIONS_PER_PACK}
                {...register('editionsPerPack', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
        </div>
        <DropContentsEditor form={form} />
      </FormSection>

      <DropRoundsEditor form={form} savedPasses={drop ? savedPassesOf(drop) : []} />

      <DropGiftRoundEditor form={form} />

      <FormActions isSaving={create.isPending || update.isPending} cancelTo="/console/drops" isNew={!drop} />
    </EntryForm>
  );
}
