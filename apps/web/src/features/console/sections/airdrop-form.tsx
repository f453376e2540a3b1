import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_AIRDROP_LIST, type TAirdropRequest, type TConsolePass } from '@cypher/contract';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { ChoiceCard, ChoiceCards } from '../../../ui/choice-cards.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import { Textarea } from '../../../ui/textarea.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key.ts';
import { useCreateConsoleAirdrop } from '../api/create-console-airdrop.ts';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import { airdropFieldOf, airdropFormSchema, emptyAirdrop, type TAirdropFormValues } from '../airdrop-form-values.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { GrantFields } from '../components/grant-fields.tsx';
import { creditTotalWords, grantWords } from '../components/grant-words.ts';
import { useOperator } from '../components/operator-context.ts';
import { RelationField, withSaved } from '../components/relation-select.tsx';
import { useSearchedEntries } from '../components/search-picker.tsx';
import { emailListText, isPlainText } from '../email-list.ts';
import { isFinalRefusal } from '../../../api/api-error.ts';
import { applyFieldApiError } from '../field-api-errors.ts';
import { parseRecipientList } from '../recipient-list.ts';
import { useCypUnit } from '../use-cyp-unit.ts';
import { useGrantStock, type TGrantStock } from '../use-grant-stock.ts';
import styles from '../components/console-form.module.css';
import { FormSection } from '../components/form-section.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { ConfirmRequestDialog } from '../components/confirm-request-dialog.tsx';

type TOutput = z.output<ReturnType<typeof airdropFormSchema>>;

/** A 20,000-line list is well under a megabyte; anything much larger is not a list of people. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const idPlaceholder = '0190a0b0-0000-7000-8000-000000000001\n0190a0b0-0000-7000-8000-000000000002';

/** "12 email addresses and 3 user ids · 2 repeated (counted once)"; "3 user ids" where only ids are taken. */
function listSummary(text: string, isEmailAllowed: boolean): string {
  const list = parseRecipientList(text, { isEmailAllowed });
  const parts = [
    ...(isEmailAllowed
      ? [`${formatCount(list.emails.length)} ${list.emails.length === 1 ? 'email address' : 'email addresses'}`]
      : []),
    `${formatCount(list.userIds.length)} ${list.userIds.length === 1 ? 'user id' : 'user ids'}`,
  ];
  const repeated = list.repeatedCount > 0 ? ` · ${formatCount(list.repeatedCount)} repeated (counted once)` : '';
  return `${parts.join(' and ')}${repeated}`;
}

interface RecipientsFieldProps {
  /** An admin lists people by email address or user id, a brand's manager by user id only. */
  isEmailAllowed: boolean;
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** The people, pasted or read from a .txt or .csv file in the browser: how many it names is counted as it is typed. */
function RecipientsField({ isEmailAllowed, value, onChange, onBlur, error }: RecipientsFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileNote, setFileNote] = useState<string>();
  // A list of 20,000 is read again after typing settles, not on every keystroke.
  const summary = listSummary(useDeferredValue(value), isEmailAllowed);
  const entryWords = isEmailAllowed ? 'email or user ID' : 'user ID';

  async function readFile(file: File) {
    if (file.size > MAX_FILE_BYTES) {
      setFileNote(`${file.name} is larger than 5 MB. Upload a list of people only.`);
      return;
    }
    const text = await file.text();
    if (!isPlainText(text)) {
      setFileNote(`${file.name} is not a text file. Upload a list with one ${entryWords} per line (.txt or .csv).`);
      return;
    }
    onChange(emailListText(text));
    setFileNote(`Read ${file.name}.`);
  }

  return (
    <Field
      label={isEmailAllowed ? 'Email addresses or user ids' : 'User ids'}
      hint={
        <>
          One per line (commas also work), up to {formatCount(MAX_AIRDROP_LIST)}. Each needs an account.{' '}
          {isEmailAllowed ? null : <>Only an admin can list people by email address. </>}
          <span aria-live="polite">{summary}.</span>
          {fileNote ? <> {fileNote}</> : null}
        </>
      }
      error={error}
      isRequired
      className={styles.full}
    >
      {(props) => (
        <>
          <Textarea
            {...props}
            rows={8}
            spellCheck={false}
            autoComplete="off"
            placeholder={isEmailAllowed ? 'ada@example.com\ngrace@example.com' : idPlaceholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
          <div>
            <Button size="sm" onClick={() => fileRef.current?.click()}>
              <Icon name="upload" size={16} />
              Upload a list
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              hidden
              aria-label="List of people file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void readFile(file);
              }}
            />
          </div>
        </>
      )}
    </Field>
  );
}

/** "Neon Season Pass · Neon Arcade · 88 sold": a pass as the audience's select offers it. */
const passOption = (pass: TConsolePass) => ({
  id: pass.id,
  label: `${pass.name} · ${pass.brand.name} · ${formatCount(pass.sold)} sold`,
});

/** Whom the confirmation says it goes to: "1,234 people", "everyone holding Neon Season Pass now". */
function recipientsWords(request: TAirdropRequest, passName: string | undefined): string {
  if (request.audience.kind === 'PASS_HOLDERS') return `everyone holding ${passName ?? 'the pass'} now`;
  const count = request.audience.emails.length + request.audience.userIds.length;
  return `${formatCount(count)} ${count === 1 ? 'person' : 'people'}`;
}

/**
 * The confirmation's words: what it gives, to whom, and for credit what that comes to in all and is worth. Holders of
 * a pass are counted by the passes sold, as the pass list says: "about", since one person may hold several and the
 * holders are counted only when it is made.
 */
function confirmationWords(
  request: TAirdropRequest,
  cypUnit: { minorUnits: number; cypPerUsd: number } | undefined,
  pass: { name: string; sold: number } | undefined,
  stock: TGrantStock | undefined,
): string {
  const isPassHolders = request.audience.kind === 'PASS_HOLDERS';
  const count =
    request.audience.kind === 'PASS_HOLDERS'
      ? pass?.sold
      : request.audience.emails.length + request.audience.userIds.length;
  const total = count === undefined ? undefined : creditTotalWords(request.grant, cypUnit, count, isPassHolders);
  return [
    `“${request.name}” gives ${grantWords(request.grant, cypUnit?.minorUnits)} to ${recipientsWords(request, pass?.name)}: each once, with a notification.`,
    total,
    // A pass, pool or gift round gives what it has, one each in account order, and the rest receive nothing.
    stock && count !== undefined && stock.left < count
      ? `${stock.hasOnly} for ${isPassHolders ? 'about ' : ''}${formatCount(count)} people: the rest receive nothing.`
      : undefined,
    'It cannot be taken back.',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A new airdrop: what it gives and to whom (people listed by email address or user id, or everyone holding a pass).
 * The form's rules show under their fields; then the operator confirms, since an airdrop cannot be taken back. Only an
 * admin lists addresses: whether one has an account is not a brand's to learn, so a brand's manager lists user ids.
 */
function AirdropForm() {
  const { isAdmin: isEmailAllowed } = useOperator();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreateConsoleAirdrop();
  const idempotency = useIdempotencyKey('airdrop');
  const [pending, setPending] = useState<TAirdropRequest>();
  const { decimals: cypDecimals, unit: cypUnit } = useCypUnit();
  const { stock, isReading: isStockReading } = useGrantStock(pending?.grant);
  const resolver = useMemo(
    () => zodResolver(airdropFormSchema(cypDecimals, { isEmailAllowed })),
    [cypDecimals, isEmailAllowed],
  );
  const form = useForm<TAirdropFormValues, unknown, TOutput>({
    resolver,
    defaultValues: emptyAirdrop(),
  });
  const { markSaved } = useUnsavedChanges(form, 'airdrop');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const audienceKind = useWatch({ control, name: 'audience.kind' });
  const passId = useWatch({ control, name: 'audience.passId' });
  // Nobody holds a draft pass yet (it is issued once published), so published ones are asked for; past the first
  // hundred, one is found by name.
  const { list: passes, picker: passPicker } = useSearchedEntries(
    'passes',
    { status: 'PUBLISHED', size: 100 },
    { one: 'pass', many: 'published passes' },
    { isEnabled: audienceKind === 'PASS_HOLDERS' },
  );
  // The chosen pass, which the confirmation names and counts, read by id once a search lists others.
  const listedPass = passes.data?.items.find((entry) => entry.id === passId);
  const chosenPass = useConsoleEntry('passes', passId ?? '', {
    isEnabled: Boolean(passId) && passes.data !== undefined && !listedPass,
  });
  const pass = listedPass ?? chosenPass.data;
  const passOptions = withSaved(passes.data?.items.map(passOption), [pass ? passOption(pass) : undefined]);
  const hasNoPasses = passes.data?.total === 0 && !passPicker.search.q;

  const onSubmit = handleSubmit((request) => setPending(request));

  async function send(request: TAirdropRequest) {
    try {
      const created = await create.mutateAsync({ body: request, idempotencyKey: idempotency.keyFor(request) });
      markSaved();
      idempotency.settle();
      setPending(undefined);
      showToast({
        tone: 'success',
        title: 'Airdrop under way',
        description: `${formatCount(created.progress.total)} ${created.progress.total === 1 ? 'person' : 'people'} will receive it.`,
      });
      void navigate(`/console/airdrops/${created.id}`, { replace: true });
    } catch (error) {
      setPending(undefined);
      // A refusal answers this attempt for good (kept under its key): the next press is a new one.
      if (isFinalRefusal(error)) idempotency.settle();
      applyFieldApiError(error, setError, airdropFieldOf, {
        AIRDROP_NO_RECIPIENTS: 'audience.passId',
        PASS_NOT_FOUND: 'audience.passId',
        RECIPIENT_EMAIL_ADMIN_ONLY: 'audience.recipients',
        GRANT_ITEM_NOT_FOUND: 'grant.kind',
        GRANT_PASS_ENDED: 'grant.kind',
      });
    }
  }

  return (
    <EntryForm label="New airdrop" onSubmit={onSubmit} serverError={errors.root?.server?.message}>
      <FormSection id="airdrop-about" title="Airdrop">
        <div className={styles.grid}>
          <Field
            label="Name"
            hint="For you and the audit log; each person sees it in the notification of what they received."
            error={errors.name?.message}
            isRequired
            className={styles.full}
          >
            {(props) => <Input {...props} maxLength={120} placeholder="e.g. Thank-you drop" {...register('name')} />}
          </Field>
        </div>
      </FormSection>

      <FormSection id="airdrop-grant" title="Each person receives">
        <GrantFields control={control} name="grant" />
      </FormSection>

      <FormSection id="airdrop-audience" title="Who receives it">
        <ChoiceCards legend={<span className="visually-hidden">Recipients</span>}>
          <ChoiceCard
            icon="users"
            label="People I list"
            hint={isEmailAllowed ? 'By email address or user id.' : 'By user id.'}
            value="PEOPLE"
            {...register('audience.kind')}
          />
          <ChoiceCard
            icon="key"
            label="Holders of a pass"
            hint="Everyone holding it when the airdrop is made."
            value="PASS_HOLDERS"
            {...register('audience.kind')}
          />
        </ChoiceCards>
        <div className={styles.grid}>
          {audienceKind === 'PASS_HOLDERS' ? (
            <RelationField
              control={control}
              name="audience.passId"
              label="Pass"
              isRequired
              className={styles.full}
              noneLabel={hasNoPasses ? 'No passes yet' : 'Choose a pass'}
              options={passOptions}
              picker={passPicker}
            />
          ) : (
            <Controller
              control={control}
              name="audience.recipients"
              render={({ field, fieldState }) => (
                <RecipientsField
                  isEmailAllowed={isEmailAllowed}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
        </div>
      </FormSection>

      <div className={styles.actions}>
        <ButtonLink to="/console/airdrops" variant="ghost">
          Cancel
        </ButtonLink>
        <Button type="submit" variant="primary">
          <Icon name="send" size={18} />
          Review and send
        </Button>
      </div>

      <ConfirmRequestDialog
        pending={pending}
        isSending={create.isPending}
        isReading={isStockReading}
        title={() => 'Send this airdrop?'}
        description={(airdrop) => confirmationWords(airdrop, cypUnit, pass, stock)}
        confirmLabel="Send airdrop"
        onCancel={() => setPending(undefined)}
        onConfirm={(airdrop) => void send(airdrop)}
      />
    </EntryForm>
  );
}

/** `/console/airdrops/new`. */
export function NewAirdrop() {
  return (
    <>
      <ConsoleHeader
        back={{ to: '/console/airdrops', label: 'All airdrops' }}
        title="New airdrop"
        description="Delivery starts as soon as you send it and runs in the background; its page shows how far it has come."
      />
      <AirdropForm />
    </>
  );
}
