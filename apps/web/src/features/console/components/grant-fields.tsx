import {
  DEFAULT_CYP_MINOR_UNITS,
  formatMoney,
  MAX_TICKETS_PER_GRANT,
  rarityLabel,
  type TConsoleDropListItem,
  type TEditionPool,
  type TGrant,
  type TGrantKind,
} from '@cypher/contract';
import { useState, type ReactNode } from 'react';
import { Controller, useController, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import { useConsoleDrops } from '../api/list-console-drops.ts';
import { useConsoleEditionPools } from '../api/list-console-edition-pools.ts';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import { numberOrNull } from '../form-values.ts';
import { readCredit } from '../grant-form-values.ts';
import { amountText, exampleAmount, readAmount } from '../../../lib/money-input.ts';
import { useCypUnit } from '../use-cyp-unit.ts';
import { EditionPoolDialog } from './edition-pool-dialog.tsx';
import { useOperator } from './operator-context.ts';
import { RelationField, RelationSelect, withSaved } from './relation-select.tsx';
import { useSearchText } from './search-picker.tsx';
import styles from './grants.module.css';

const kindLabels: Record<TGrantKind, string> = {
  CREDIT: 'CYP credit',
  TICKETS: 'Tickets',
  PASS: 'A pass',
  EDITION: 'An edition',
  PACK: 'A pack',
};

/** CYP credit and the marketplace's own tickets are the admins' to give (the API refuses managers: FORBIDDEN). */
const managerKinds: readonly TGrantKind[] = ['TICKETS', 'PASS', 'EDITION', 'PACK'];

type TOption = { id: string; label: string };

/** A pack grant's choice: a drop's gift round (its id is the option's), the drop it belongs to, and what is left. */
type TGiftRoundOption = TOption & { dropId: string; left?: string };

/** Under the select (which a phone cuts short): what the chosen drop has left, and how the packs are given. */
function giftPacksHint(left: string | undefined): string {
  const rule = 'a sealed pack of the drop’s gift round each time, until they are all given or the drop ends.';
  return left ? `${left}: ${rule}` : `${rule[0]!.toUpperCase()}${rule.slice(1)} Set packs aside in the drop’s editor.`;
}

/** "Neon Tides · Neon Arcade · 83 of 120 gift packs left" (ended drops give nothing more, and say so). */
function giftRoundOption(drop: TConsoleDropListItem): TGiftRoundOption | undefined {
  const round = drop.giftRound;
  if (!round) return undefined;
  const left = `${formatCount(round.packCount - round.givenCount)} of ${formatCount(round.packCount)} gift packs left`;
  const ended = drop.status === 'COMPLETED' ? ' · Ended' : '';
  return { id: round.id, dropId: drop.id, left, label: `${drop.name} · ${drop.brand.name} · ${left}${ended}` };
}

function poolOption(pool: Pick<TEditionPool, 'id' | 'product'> & Partial<TEditionPool>): TOption {
  const product = `${pool.product.name} (${rarityLabel(pool.product.rarity)})`;
  if (pool.brand === undefined || pool.size === undefined || pool.remaining === undefined)
    return { id: pool.id, label: product };
  return {
    id: pool.id,
    label: `${product} · ${pool.brand.name} · ${formatCount(pool.remaining)} of ${formatCount(pool.size)} left`,
  };
}

interface GrantFieldsProps<TValues extends FieldValues, TContext, TOutput extends FieldValues> {
  control: Control<TValues, TContext, TOutput>;
  /** Where the grant's values sit in the form (a TGrantFormValues): `grant`, `dailyReward`, `dayRewards.2.reward`. */
  name: string;
  /** Told to screen readers after each label where a form holds several grants ("Day 3"). */
  context?: string;
  /** The grant as saved, so what it names stays named even when it is not among the first hundred. */
  saved?: TGrant;
  /** Read-only: shown as it is. */
  isDisabled?: boolean;
}

/**
 * What a grant gives, the same in every console form that gives something (attendance rewards, redeem codes,
 * airdrops): CYP credit typed in CYP (not withdrawable), tickets of a kind and how many, a pass, an edition from a
 * pool of editions set aside (made here if there is none yet), or a sealed pack of a published drop's gift round
 * (decision record 36, with the packs left). The choices come from the console's own lists: a brand manager sees their
 * brands' kinds, passes, pools and drops, and no credit or marketplace tickets, which only admins give.
 */
export function GrantFields<TValues extends FieldValues, TContext, TOutput extends FieldValues>(
  props: GrantFieldsProps<TValues, TContext, TOutput>,
) {
  const { name, context, saved, isDisabled } = props;
  // The grant sits at a path only the caller knows: read it as plain values.
  const control = props.control as unknown as Control<FieldValues>;
  const me = useOperator();
  const kind = useWatch({ control, name: `${name}.kind` }) as TGrantKind;
  const amount = useWatch({ control, name: `${name}.amount` }) as string;
  // One select picks a pack's gift round, and with it the drop it belongs to.
  const { field: dropField } = useController({ control, name: `${name}.dropId` });
  const [isPoolDialogOpen, setIsPoolDialogOpen] = useState(false);
  // A pool just made is picked at once, before the list that holds it is read again.
  const [createdPool, setCreatedPool] = useState<TEditionPool>();
  const hidden = (text: ReactNode) => (context ? <span className="visually-hidden"> ({text})</span> : null);
  const labelled = (text: string) => (
    <>
      {text}
      {hidden(context)}
    </>
  );

  const kinds = me.isAdmin || kind === 'CREDIT' ? (Object.keys(kindLabels) as TGrantKind[]) : managerKinds;
  // Kinds, passes, pools and gift drops past the first hundred are found by name (a pool by its product's); a draft
  // pass cannot be given (GRANT_ITEM_NOT_FOUND): it is issued only once published, so only published ones are asked for.
  const ticketSearch = useSearchText();
  const passSearch = useSearchText();
  const poolSearch = useSearchText();
  const dropSearch = useSearchText();
  const ticketKinds = useConsoleEntries(
    'ticket-kinds',
    { q: ticketSearch.q, size: 100 },
    { isEnabled: kind === 'TICKETS' },
  );
  const passes = useConsoleEntries(
    'passes',
    { q: passSearch.q, status: 'PUBLISHED', size: 100 },
    { isEnabled: kind === 'PASS' },
  );
  const pools = useConsoleEditionPools({ q: poolSearch.q, size: 100 }, { isEnabled: kind === 'EDITION' });
  const giftDrops = useConsoleDrops(
    { status: 'PUBLISHED', hasGiftRound: true, q: dropSearch.q, size: 100 },
    { isEnabled: kind === 'PACK' },
  );
  const cypDecimals = useCypUnit().decimals;
  const now = useNow(60_000);

  const ticketOptions = withSaved(
    ticketKinds.data?.items
      .filter((ticketKind) => me.isAdmin || ticketKind.brand !== null)
      .map((ticketKind) => ({
        id: ticketKind.id,
        label: `${ticketKind.name} · ${ticketKind.brand?.name ?? 'Marketplace'}${ticketKind.isActive ? '' : ' · Inactive'}`,
      })),
    [saved?.kind === 'TICKETS' ? { id: saved.ticketKind.id, label: saved.ticketKind.name } : undefined],
  );
  const passOptions = withSaved(
    passes.data?.items.map((pass) => ({
      id: pass.id,
      // One no longer valid is refused (GRANT_PASS_ENDED): said here before it is chosen.
      label: `${pass.name} · ${pass.brand.name} · ${new Date(pass.validUntil) <= now ? 'No longer valid' : `${formatCount(pass.remaining)} left`}`,
    })),
    [saved?.kind === 'PASS' ? { id: saved.pass.id, label: saved.pass.name } : undefined],
  );
  const poolOptions = withSaved(pools.data?.items.map(poolOption), [
    createdPool ? poolOption(createdPool) : undefined,
    saved?.kind === 'EDITION' ? poolOption(saved.editionPool) : undefined,
  ]);

  const savedGiftRound: TGiftRoundOption | undefined =
    saved?.kind === 'PACK' ? { id: saved.giftRound.id, dropId: saved.drop.id, label: saved.drop.name } : undefined;
  const giftRoundId = useWatch({ control, name: `${name}.giftRoundId` }) as string | null;
  // The drop chosen from a search keeps what it has left said under the select through another search.
  const [pickedGiftRound, setPickedGiftRound] = useState<TGiftRoundOption>();
  const keptGiftRound = pickedGiftRound?.id === giftRoundId ? pickedGiftRound : undefined;
  const giftRoundOptions = withSaved(
    giftDrops.data?.items.flatMap((drop) => {
      const option = giftRoundOption(drop);
      // A drop that has ended gives nothing more: offered only when it is what the grant already names.
      return option && (drop.status !== 'COMPLETED' || option.id === savedGiftRound?.id) ? [option] : [];
    }),
    [keptGiftRound, keptGiftRound?.id === savedGiftRound?.id ? undefined : savedGiftRound],
  );

  const credit = readCredit(amount, cypDecimals);
  const creditHint =
    'minorUnits' in credit
      ? `${formatMoney({ amount: credit.minorUnits, currency: 'CYP' }, { cypMinorUnits: cypDecimals })} of credit: spendable, not withdrawable.`
      : `In CYP, such as ${exampleAmount(5, cypDecimals ?? DEFAULT_CYP_MINOR_UNITS)}: spendable, not withdrawable.`;

  return (
    <div className={styles.grant} data-kind={kind}>
      <Controller
        control={control}
        name={`${name}.kind`}
        render={({ field, fieldState }) => (
          <Field label={labelled('Gives')} error={fieldState.error?.message} isRequired>
            {(fieldProps) => (
              <Select
                {...fieldProps}
                ref={field.ref}
                value={field.value}
                disabled={isDisabled}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value as TGrantKind)}
              >
                {kinds.map((value) => (
                  <option key={value} value={value}>
                    {kindLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      />

      {kind === 'CREDIT' ? (
        <Controller
          control={control}
          name={`${name}.amount`}
          render={({ field, fieldState }) => (
            <Field label={labelled('Credit (CYP)')} hint={creditHint} error={fieldState.error?.message} isRequired>
              {(fieldProps) => (
                <span className={styles.credit}>
                  <Input
                    {...fieldProps}
                    ref={field.ref}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={exampleAmount(0, cypDecimals ?? DEFAULT_CYP_MINOR_UNITS)}
                    disabled={isDisabled}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={(event) => {
                      field.onBlur();
                      // "5" reads as "5.00" once typed, as amounts are shown everywhere else.
                      if (cypDecimals === undefined) return;
                      const typed = readAmount(event.target.value, 'CYP', cypDecimals);
                      const shown = typed.isAmount ? amountText(typed.minorUnits, cypDecimals) : undefined;
                      if (shown !== undefined && shown !== event.target.value) field.onChange(shown);
                    }}
                  />
                  <span className={styles.unit} aria-hidden="true">
                    CYP
                  </span>
                </span>
              )}
            </Field>
          )}
        />
      ) : null}

      {kind === 'TICKETS' ? (
        <>
          <RelationField
            control={control}
            name={`${name}.ticketKindId`}
            label={labelled('Kind of ticket')}
            isRequired
            isDisabled={isDisabled}
            noneLabel={ticketOptions?.length === 0 && !ticketSearch.q ? 'No kinds of ticket yet' : 'Choose a kind'}
            hint={
              ticketOptions?.length === 0 && !ticketSearch.q ? (
                <>
                  Make one in <Link to="/console/ticket-kinds/new">Tickets</Link> first, or give something else.
                </>
              ) : undefined
            }
            options={ticketOptions}
            picker={{ list: ticketKinds, search: ticketSearch, nouns: { one: 'kind', many: 'kinds of ticket' } }}
          />
          <Controller
            control={control}
            name={`${name}.count`}
            render={({ field, fieldState }) => (
              <Field label={labelled('How many')} error={fieldState.error?.message} isRequired>
                {(fieldProps) => (
                  <CountInput
                    {...fieldProps}
                    ref={field.ref}
                    max={MAX_TICKETS_PER_GRANT}
                    disabled={isDisabled}
                    value={field.value ?? ''}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(numberOrNull(event.target.value))}
                  />
                )}
              </Field>
            )}
          />
        </>
      ) : null}

      {kind === 'PASS' ? (
        <RelationField
          control={control}
          name={`${name}.passId`}
          label={labelled('Pass')}
          hint={
            passOptions?.length === 0 && !passSearch.q ? (
              <>
                Make one in <Link to="/console/passes/new">Passes</Link> first, or give something else.
              </>
            ) : (
              'One unit of its supply each time; none once it runs out.'
            )
          }
          isRequired
          isDisabled={isDisabled}
          noneLabel={passOptions?.length === 0 && !passSearch.q ? 'No passes yet' : 'Choose a pass'}
          options={passOptions}
          picker={{ list: passes, search: passSearch, nouns: { one: 'pass', many: 'published passes' } }}
        />
      ) : null}

      {kind === 'EDITION' ? (
        <Controller
          control={control}
          name={`${name}.editionPoolId`}
          render={({ field, fieldState }) => (
            <div className={styles.poolField}>
              <Field
                label={labelled('Edition pool')}
                hint="Editions set aside to give: each is given once."
                error={fieldState.error?.message}
                isRequired
              >
                {(fieldProps) => (
                  <RelationSelect
                    {...fieldProps}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    isDisabled={isDisabled}
                    noneLabel={
                      poolOptions?.length === 0 && !poolSearch.q ? 'No pools yet: set editions aside' : 'Choose a pool'
                    }
                    options={poolOptions}
                    picker={{ list: pools, search: poolSearch, nouns: { one: 'pool', many: 'pools' }, context }}
                  />
                )}
              </Field>
              {isDisabled ? null : (
                <Button size="sm" onClick={() => setIsPoolDialogOpen(true)}>
                  <Icon name="plus" size={16} />
                  Set editions aside{hidden(context)}
                </Button>
              )}
              {isPoolDialogOpen ? (
                <EditionPoolDialog
                  isOpen
                  onClose={() => setIsPoolDialogOpen(false)}
                  onCreated={(pool) => {
                    setCreatedPool(pool);
                    field.onChange(pool.id);
                  }}
                />
              ) : null}
            </div>
          )}
        />
      ) : null}

      {kind === 'PACK' ? (
        <Controller
          control={control}
          name={`${name}.giftRoundId`}
          render={({ field, fieldState }) => (
            <Field
              label={labelled('Gift packs of')}
              hint={giftPacksHint(giftRoundOptions?.find((option) => option.id === giftRoundId)?.left)}
              error={fieldState.error?.message}
              isRequired
            >
              {(fieldProps) => (
                <RelationSelect
                  {...fieldProps}
                  value={field.value}
                  onChange={(chosen) => {
                    const option = giftRoundOptions?.find((candidate) => candidate.id === chosen);
                    setPickedGiftRound(option);
                    // The drop first: the gift round's change checks the grant again, and both must be there.
                    dropField.onChange(option?.dropId ?? null);
                    field.onChange(chosen);
                  }}
                  onBlur={field.onBlur}
                  isDisabled={isDisabled}
                  noneLabel={
                    giftRoundOptions?.length === 0 && !dropSearch.q
                      ? 'No published drop has gift packs yet'
                      : 'Choose a drop'
                  }
                  options={giftRoundOptions}
                  picker={{
                    list: giftDrops,
                    search: dropSearch,
                    nouns: { one: 'drop', many: 'drops with gift packs' },
                    context,
                  }}
                />
              )}
            </Field>
          )}
        />
      ) : null}
    </div>
  );
}
