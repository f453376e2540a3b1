import { useState, type FocusEvent } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import {
  centsToDollars,
  dollarsToCents,
  emptyRound,
  type TDropFormApi,
  type TDropFormRound,
} from '../drop-form-values.ts';
import { numberOrNull } from '../form-values.ts';
import { ControlledField } from './controlled-field.tsx';
import { DateTimeField } from './date-time-field.tsx';
import { withSaved } from './relation-select.tsx';
import { RemoveRowButton } from './rows-editor.tsx';
import { hasFailed, SearchExtras, useSearchText } from './search-picker.tsx';
import { WhitelistEmailsField } from './whitelist-emails-field.tsx';
import formStyles from './console-form.module.css';
import styles from './drops.module.css';

const MAX_ROUNDS = 20;

/** Each round's packs are numbered on from the round before: round 1 sells #1–#200, round 2 #201–#300. */
function packRanges(rounds: TDropFormRound[]): Array<string | null> {
  let next = 1;
  return rounds.map((round) => {
    const count = round.packCount;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
    const range = `Packs #${formatCount(next)}–#${formatCount(next + count - 1)}`;
    next += count;
    return range;
  });
}

function RoundFields({
  form,
  index,
  range,
  savedPasses,
}: {
  form: TDropFormApi;
  index: number;
  range: string | null;
  savedPasses: TRoundPass[];
}) {
  const { control, register, setValue, formState } = form;
  const errors = formState.errors.rounds?.[index];
  const hasWhitelist = useWatch({ control, name: `rounds.${index}.hasWhitelist` });
  const label = `Round ${index + 1}`;
  return (
    <>
      <div className={formStyles.grid}>
        {(
          [
            ['saleBeginAt', 'Sale begins'],
            ['saleEndAt', 'Sale ends'],
          ] as const
        ).map(([name, text]) => (
          <DateTimeField
            key={name}
            control={control}
            name={`rounds.${index}.${name}`}
            label={
              <>
                {text}
                <span className="visually-hidden"> ({label})</span>
              </>
            }
            isRequired
          />
        ))}
      </div>
      <div className={styles.numbers}>
        <Field
          label={
            <>
              Price per pack (USD)<span className="visually-hidden"> ({label})</span>
            </>
          }
          hint="In dollars, such as 12.50."
          error={errors?.price?.message}
          isRequired
        >
          {(props) => (
            <span className={styles.money}>
              <span className={styles.currency} aria-hidden="true">
                $
              </span>
              <Input
                {...props}
                inputMode="decimal"
                placeholder="0.00"
                autoComplete="off"
                {...register(`rounds.${index}.price`, {
                  // "15" reads as "15.00" once typed, as the price is shown everywhere else.
                  onBlur: (event: FocusEvent<HTMLInputElement>) => {
                    const cents = dollarsToCents(event.target.value);
                    if (cents !== null) setValue(`rounds.${index}.price`, centsToDollars(cents));
                  },
                })}
              />
            </span>
          )}
        </Field>
        <Field
          label={
            <>
              Packs<span className="visually-hidden"> ({label})</span>
            </>
          }
          hint={range ?? 'How many packs this round sells.'}
          error={errors?.packCount?.message}
          isRequired
        >
          {(props) => (
            <CountInput {...props} {...register(`rounds.${index}.packCount`, { setValueAs: numberOrNull })} />
          )}
        </Field>
        <Field
          label={
            <>
              Per-person limit<span className="visually-hidden"> ({label})</span>
            </>
          }
          hint="Packs one person may buy in this round. Empty: no limit."
          error={errors?.perPersonLimit?.message}
        >
          {(props) => (
            <CountInput
              {...props}
              placeholder="No limit"
              {...register(`rounds.${index}.perPersonLimit`, { setValueAs: numberOrNull })}
            />
          )}
        </Field>
      </div>
      <PassAccessField form={form} index={index} label={label} savedPasses={savedPasses} />
      <div className={styles.whitelist}>
        <Checkbox
          label={
            <>
              Only people on a whitelist may buy<span className="visually-hidden"> in {label}</span>
            </>
          }
          {...register(`rounds.${index}.hasWhitelist`)}
        />
        {hasWhitelist ? (
          <>
            <Field
              label={
                <>
                  Whitelist name<span className="visually-hidden"> ({label})</span>
                </>
              }
              hint="Collectors see it, e.g. Early fans."
              error={errors?.whitelist?.name?.message}
              isRequired
            >
              {(props) => <Input {...props} maxLength={80} {...register(`rounds.${index}.whitelist.name`)} />}
            </Field>
            <Controller
              control={control}
              name={`rounds.${index}.whitelist.emails`}
              render={({ field, fieldState }) => (
                <WhitelistEmailsField
                  ref={field.ref}
                  roundLabel={label}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </>
        ) : (
          <p className={styles.note}>Open to everyone signed in.</p>
        )}
      </div>
    </>
  );
}

/**
 * The sale rounds, numbered 1, 2, 3 in order: each with its window inside the drop, its price (typed in dollars, sent
 * in cents), its packs, a per-person limit, and optionally a whitelist. A new round starts where the last one ends.
 */
export function DropRoundsEditor({ form, savedPasses = [] }: { form: TDropFormApi; savedPasses?: TRoundPass[] }) {
  const { control, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'rounds' });
  const rounds = useWatch({ control, name: 'rounds' }) ?? [];
  const ranges = packRanges(rounds);

  function addRound() {
    const last = getValues(`rounds.${fields.length - 1}`);
    append(
      emptyRound({
        saleBeginAt: last?.saleEndAt ?? null,
        saleEndAt: getValues('dropEndAt'),
        price: last?.price ?? '',
      }),
      // Where the new round begins, not its last registered field (react-hook-form's default focused the whitelist
      // checkbox at its end: session 79's hunt).
      { focusName: `rounds.${fields.length}.saleBeginAt` },
    );
  }

  return (
    <section className={formStyles.card} aria-labelledby="drop-rounds">
      <div className={styles.cardHeader}>
        <h2 id="drop-rounds" className={formStyles.cardTitle}>
          Rounds
        </h2>
        <p className={styles.note}>
          Each round starts when the one before it has ended, within the drop’s times. A raffle or a waiting room for a
          round is set once the drop is published, under Access on its page: leave time before the round opens for
          people to enter the raffle.
        </p>
      </div>
      <ol className={styles.rounds}>
        {fields.map((field, index) => (
          <li key={field.id} className={styles.round} aria-labelledby={`round-${field.id}`}>
            <div className={styles.roundHeader}>
              <h3 id={`round-${field.id}`} className={styles.roundTitle}>
                Round {index + 1}
              </h3>
              {fields.length > 1 ? (
                <RemoveRowButton target={`round ${index + 1}`} onRemove={() => remove(index)} />
              ) : null}
            </div>
            <RoundFields form={form} index={index} range={ranges[index] ?? null} savedPasses={savedPasses} />
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={addRound} disabled={fields.length >= MAX_ROUNDS} data-row-add>
          <Icon name="plus" size={18} />
          Add a round
        </Button>
      </div>
    </section>
  );
}

/** A pass a round can name: the brand's, as listed, or a saved round's (by name only). */
export type TRoundPass = { id: string; name: string; isDraft?: boolean };

/**
 * What a pass of the drop's brand does in the round (issue 18): nothing, holders only, or packs guaranteed to holders
 * in a round open to everyone (how many each, and for how long after the opening they are held back). The brand's
 * passes are listed once a brand is chosen. Controlled: they arrive after the form, and a round's pass written to the
 * select before its option existed showed "Everyone" while the form kept the pass.
 */
function PassAccessField({
  form,
  index,
  label,
  savedPasses,
}: {
  form: TDropFormApi;
  index: number;
  label: string;
  savedPasses: TRoundPass[];
}) {
  const { control, register, formState } = form;
  const errors = formState.errors.rounds?.[index];
  const brandId = useWatch({ control, name: 'brandId' });
  const passAccess = useWatch({ control, name: `rounds.${index}.passAccess` }) ?? '';
  // Past the brand's first hundred passes, one is found by name.
  const search = useSearchText();
  const passes = useConsoleEntries('passes', { brandId, q: search.q, size: 100 }, { isEnabled: !!brandId });
  // A pass found by a search stays named once another search lists others.
  const [picked, setPicked] = useState<TRoundPass>();
  // While another brand's passes load, the last ones stay as placeholders: never offer those (another search's are
  // the same brand's). A saved round's pass stays named even when it is not among those listed.
  const isOtherBrands = passes.isPlaceholderData && passes.data?.items.some((pass) => pass.brand.id !== brandId);
  const listed = isOtherBrands
    ? undefined
    : passes.data?.items.map((pass) => ({
        id: pass.id,
        name: pass.name,
        isDraft: pass.publicationStatus === 'DRAFT',
      }));
  const passOptions = withSaved<TRoundPass>(listed, [
    ...savedPasses,
    picked && passAccess.endsWith(`:${picked.id}`) ? picked : undefined,
  ]);
  const isLoading = Boolean(brandId) && passOptions === undefined && !hasFailed(passes);
  return (
    <>
      <ControlledField
        control={control}
        name={`rounds.${index}.passAccess`}
        label={
          <>
            Who may buy<span className="visually-hidden"> ({label})</span>
          </>
        }
        hint={
          passOptions?.length === 0 && !search.q
            ? 'This brand has no passes yet: make one in Passes to keep a round, or packs of it, for its holders.'
            : 'Keep the round for holders of one of the brand’s passes, guarantee them packs, or open it to everyone.'
        }
      >
        {(props, field) => (
          <Select
            {...props}
            ref={field.ref}
            value={passAccess}
            disabled={!brandId || isLoading}
            aria-busy={isLoading || undefined}
            onChange={(event) => {
              const passId = event.target.value.split(':')[1];
              setPicked(passOptions?.find((pass) => pass.id === passId));
              field.onChange(event.target.value);
            }}
            onBlur={field.onBlur}
          >
            <option value="">Everyone (or the whitelist below)</option>
            {/* Until the passes arrive, keep the round's pass selectable so the value does not flicker to "Everyone". */}
            {isLoading && passAccess ? <option value={passAccess}>Loading…</option> : null}
            {passOptions?.map((pass) => (
              // The drop is published only once the pass is (DROP_PASS_NOT_PUBLISHED): the label says so first.
              <optgroup
                key={pass.id}
                label={pass.isDraft ? `${pass.name} (a draft: publish it before the drop)` : pass.name}
              >
                <option value={`only:${pass.id}`}>Holders of {pass.name} only</option>
                <option value={`guarantee:${pass.id}`}>
                  Everyone, with packs guaranteed to holders of {pass.name}
                </option>
              </optgroup>
            ))}
          </Select>
        )}
      </ControlledField>
      {brandId ? (
        <SearchExtras list={passes} search={search} nouns={{ one: 'pass', many: 'passes' }} context={label} />
      ) : null}
      {passAccess.startsWith('guarantee:') ? (
        <div className={formStyles.grid}>
          <Field
            label={
              <>
                Packs per holder<span className="visually-hidden"> ({label})</span>
              </>
            }
            hint="Held back for each pass of the supply; a holder’s first packs of the round come from them."
            error={errors?.packsPerHolder?.message}
            isRequired
          >
            {(props) => (
              <CountInput {...props} {...register(`rounds.${index}.packsPerHolder`, { setValueAs: numberOrNull })} />
            )}
          </Field>
          <Field
            label={
              <>
                Held for (minutes)<span className="visually-hidden"> ({label})</span>
              </>
            }
            hint="From the round’s opening; then what holders left goes on sale to everyone."
            error={errors?.guaranteeMinutes?.message}
            isRequired
          >
            {(props) => (
              <CountInput {...props} {...register(`rounds.${index}.guaranteeMinutes`, { setValueAs: numberOrNull })} />
            )}
          </Field>
        </div>
      ) : null}
    </>
  );
}
