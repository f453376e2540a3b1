import { zodResolver } from '@hookform/resolvers/zod';
import {
  errorCatalogue,
  raffleMaxPlaces,
  raffleWinnerLimit,
  type TConsoleDrop,
  type TConsoleRaffle,
  type TSetRaffleRequest,
} from '@cypher/contract';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { applyApiError } from '../../../api/form-errors.ts';
import { raffleDrawPath } from '../../../lib/drop-paths.ts';
import { formatCount, formatCountOf, formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { Select } from '../../../ui/select.tsx';
import type { TConsoleListParams } from '../api/list-console-entries.ts';
import { useDrawRoundRaffle, useRoundRaffle, useSetRoundRaffle } from '../api/round-raffle.ts';
import { useRoundWaitingRoom } from '../api/round-waiting-room.ts';
import { ZRaffleForm, type TRaffleFormValues } from '../form-schemas.ts';
import { DateTimeField } from './date-time-field.tsx';
import styles from './round-access.module.css';
import { errorMessage, Facts, hasCome, ReadFailed, time, type TRound } from './round-access-parts.tsx';
import { RelationSelect, withSaved } from './relation-select.tsx';
import { useSearchedEntries } from './search-picker.tsx';
import { TimeZoneHint } from './time-zone-hint.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';

/**
 * What a drop's raffle may take for entry, as the API lists it: the drop's brand's kinds and the marketplace's (an
 * admin's list holds every brand's, so a page of 100 could hold none of this brand's), a page of 100 at a time.
 */
const raffleKindsOf = (drop: TConsoleDrop): TConsoleListParams => ({
  brandId: drop.brand.id,
  withMarketplace: true,
  size: 100,
});

/**
 * A kind as an option, with its brand (the marketplace's and the drop's brand's kinds may share a name, as grants tell
 * them apart), and "(inactive)" when it is no longer sold: the list and the raffle's answer both say.
 */
const kindOption = (kind: { id: string; name: string; isActive: boolean; brand: { name: string } | null }) => ({
  id: kind.id,
  label: `One ${kind.name} · ${kind.brand?.name ?? 'Marketplace'}${kind.isActive === false ? ' (inactive)' : ''}`,
});

/**
 * What becomes of the packs no place promises, when a raffle has fewer places than its round's packs serve (null when
 * every pack is promised). The API accepts fewer, as decision record 26 allows, but nobody may buy those packs: only
 * winners buy in a raffle round, and the second draw gives again only the places of winners who bought nothing, so a
 * round whose winners all buy leaves them unsold ("0 places" at its second draw). Said in the form before saving, and
 * beside the saved raffle.
 */
function unwonPacksWords(round: TRound, places: number): string | null {
  const share = raffleWinnerLimit(round.perPersonLimit);
  const unwon = round.packCount - places * share;
  if (!Number.isInteger(places) || places < 1 || unwon <= 0) return null;
  return `${formatCountOf(places, 'place')} ${places === 1 ? 'promises' : 'promise'} ${formatCount(places * share)} of this round’s ${formatCountOf(round.packCount, 'pack')}: ${unwon === 1 ? 'the other 1 is not won, and stays' : `the other ${formatCount(unwon)} are not won, and stay`} unsold. Only winners buy in a raffle round, and its second draw gives again only the places of winners who bought nothing.`;
}

function RaffleForm({
  drop,
  round,
  raffle,
  onDone,
}: {
  drop: TConsoleDrop;
  round: TRound;
  raffle: TConsoleRaffle | null;
  onDone: () => void;
}) {
  const save = useSetRoundRaffle(drop.id, round.round);
  // Past the first hundred, a kind is found by name; the saved one stays named whatever a search lists.
  const { list: kinds, picker: kindPicker } = useSearchedEntries('ticket-kinds', raffleKindsOf(drop), {
    one: 'kind of ticket',
    many: 'kinds of ticket',
  });
  // The saved kind is named by the raffle's answer: one past the first page may be the marketplace's, which a brand's
  // manager may not read by id.
  const kindOptions = withSaved(kinds.data?.items.map(kindOption), [
    raffle?.ticketKind ? kindOption(raffle.ticketKind) : undefined,
  ]);
  // A place lets its winner buy up to the round's limit: the places the round's packs serve at that share each, which
  // the API holds a raffle to (RAFFLE_PLACES_OVER_WINNER_SHARES).
  const share = raffleWinnerLimit(round.perPersonLimit);
  const maxPlaces = raffleMaxPlaces(round.packCount, round.perPersonLimit);
  // The winners' window runs from the round's opening and ends by its end (RAFFLE_WINDOW_AFTER_ROUND_ENDS): the second
  // draw's winners buy from the window's end until the round's.
  const roundMinutes = Math.floor((Date.parse(round.saleEndAt) - Date.parse(round.saleBeginAt)) / 60_000);
  const form = useForm<TRaffleFormValues, unknown, TSetRaffleRequest>({
    resolver: zodResolver(ZRaffleForm),
    defaultValues: {
      places: raffle?.places ?? Math.max(1, maxPlaces),
      registrationOpensAt: raffle?.registrationOpensAt ?? '',
      registrationClosesAt: raffle?.registrationClosesAt ?? '',
      ticketKindId: raffle?.ticketKindId ?? '',
      // Only a round for holders of a pass has holders to let in free (RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS).
      isFreeForPassHolders: round.requiredPass !== null && (raffle?.isFreeForPassHolders ?? false),
      ticketsOnLoss: raffle?.ticketsOnLoss ?? 'RETURNED',
      purchaseWindowMinutes: raffle?.purchaseWindowMinutes ?? Math.min(60, roundMinutes),
    },
  });
  const { markSaved } = useUnsavedChanges(form, 'raffle');
  // Fewer places than the packs serve leave packs nobody may buy: the form says so as the places are typed.
  const unwonPacks = unwonPacksWords(round, useWatch({ control: form.control, name: 'places' }));
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const label = `round ${round.round}`;
  const onSubmit = handleSubmit(async (body) => {
    if (body.places > maxPlaces) {
      const code = body.places > round.packCount ? 'RAFFLE_PLACES_OVER_PACKS' : 'RAFFLE_PLACES_OVER_WINNER_SHARES';
      setError('places', { type: code, message: errorCatalogue[code].message }, { shouldFocus: true });
      return;
    }
    if (body.purchaseWindowMinutes > roundMinutes) {
      const message = errorCatalogue.RAFFLE_WINDOW_AFTER_ROUND_ENDS.message;
      setError('purchaseWindowMinutes', { type: 'RAFFLE_WINDOW_AFTER_ROUND_ENDS', message }, { shouldFocus: true });
      return;
    }
    try {
      await save.mutateAsync(body);
      markSaved();
      onDone();
    } catch (error) {
      applyApiError(error, setError, {
        fields: [
          'places',
          'registrationOpensAt',
          'registrationClosesAt',
          'ticketKindId',
          'isFreeForPassHolders',
          'ticketsOnLoss',
          'purchaseWindowMinutes',
        ],
        fieldForCode: {
          RAFFLE_CLOSES_AFTER_ROUND_OPENS: 'registrationClosesAt',
          RAFFLE_OPENS_BEFORE_DROP_SHOWS: 'registrationOpensAt',
          RAFFLE_PLACES_OVER_PACKS: 'places',
          RAFFLE_PLACES_OVER_WINNER_SHARES: 'places',
          RAFFLE_WINDOW_AFTER_ROUND_ENDS: 'purchaseWindowMinutes',
          TICKET_KIND_OF_OTHER_BRAND: 'ticketKindId',
        },
      });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`Raffle for ${label}`}>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <TimeZoneHint />
      <div className={styles.fields}>
        <Field
          label="Places"
          hint={`How many winners are drawn. Each may buy up to ${formatCountOf(share, 'pack')}, so this round’s ${formatCountOf(round.packCount, 'pack')} make at most ${formatCountOf(maxPlaces, 'place')}.`}
          error={errors.places?.message}
          isRequired
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              min={1}
              max={maxPlaces}
              step={1}
              {...register('places', { valueAsNumber: true })}
            />
          )}
        </Field>
        <Field
          label="Purchase window (minutes)"
          hint={`Winners buy from the round’s opening for this long: at most the round’s ${formatCountOf(roundMinutes, 'minute')}. Places not bought by then go to a second draw.`}
          error={errors.purchaseWindowMinutes?.message}
          isRequired
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              min={1}
              max={roundMinutes}
              step={1}
              {...register('purchaseWindowMinutes', { valueAsNumber: true })}
            />
          )}
        </Field>
        {(
          [
            ['registrationOpensAt', 'Registration opens'],
            ['registrationClosesAt', 'Registration closes'],
          ] as const
        ).map(([name, text]) => (
          <DateTimeField key={name} control={control} name={name} label={text} isRequired />
        ))}
        <Controller
          control={control}
          name="ticketKindId"
          render={({ field, fieldState }) => (
            <Field label="Entry" error={fieldState.error?.message}>
              {(props) => (
                <RelationSelect
                  {...props}
                  ref={field.ref}
                  value={field.value}
                  // The form holds '' for free entry, as the request's schema reads it.
                  onChange={(id) => field.onChange(id ?? '')}
                  onBlur={field.onBlur}
                  options={kindOptions}
                  noneLabel="Free entry"
                  picker={kindPicker}
                />
              )}
            </Field>
          )}
        />
        <Field label="Tickets on loss" error={errors.ticketsOnLoss?.message}>
          {(props) => (
            <Select {...props} {...register('ticketsOnLoss')}>
              <option value="RETURNED">Returned to those not drawn</option>
              <option value="KEPT">Kept (spent on entry)</option>
            </Select>
          )}
        </Field>
      </div>
      {unwonPacks ? <Alert tone="info">{unwonPacks}</Alert> : null}
      {round.requiredPass ? (
        <Checkbox
          label={`Free for holders of ${round.requiredPass.name}`}
          error={errors.isFreeForPassHolders?.message}
          {...register('isFreeForPassHolders')}
        />
      ) : errors.isFreeForPassHolders ? (
        // The round stopped requiring a pass while the form was open: the refusal shows, with nothing to untick.
        <Alert tone="error">{errors.isFreeForPassHolders.message}</Alert>
      ) : null}
      <div className={styles.actions}>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="sm" isLoading={save.isPending}>
          {raffle ? 'Save raffle' : 'Make it a raffle'}
        </Button>
      </div>
    </form>
  );
}

function RaffleState({ drop, round, raffle }: { drop: TConsoleDrop; round: TRound; raffle: TConsoleRaffle }) {
  const draw = useDrawRoundRaffle(drop.id, round.round);
  const [isEditing, setIsEditing] = useState(false);
  const hasOpened = hasCome(raffle.registrationOpensAt);
  const hasClosed = hasCome(raffle.registrationClosesAt);
  const unwonPacks = unwonPacksWords(round, raffle.places);

  if (isEditing && !hasOpened) {
    return <RaffleForm drop={drop} round={round} raffle={raffle} onDone={() => setIsEditing(false)} />;
  }
  return (
    <div className={styles.state}>
      <Facts
        rows={[
          ['Places', formatCount(raffle.places)],
          [
            'Registration',
            <>
              {time(raffle.registrationOpensAt)} to {time(raffle.registrationClosesAt)}
            </>,
          ],
          [
            'Entry',
            `${raffle.ticketKindId === null ? 'Free' : `One ${raffle.ticketKind?.name ?? 'ticket'}`}${raffle.isFreeForPassHolders && round.requiredPass ? `, free for holders of ${round.requiredPass.name}` : ''}`,
          ],
          ['On loss', raffle.ticketsOnLoss === 'KEPT' ? 'Tickets kept' : 'Tickets returned'],
          ['Purchase window', formatCountOf(raffle.purchaseWindowMinutes, 'minute')],
          ['Entries', formatCount(raffle.entriesCount)],
          [
            'Draw',
            raffle.drawnAt ? (
              <>
                Drawn {time(raffle.drawnAt)}, {formatCount(raffle.winnersCount)}{' '}
                {raffle.winnersCount === 1 ? 'winner' : 'winners'}
                {raffle.secondDrawnAt ? (
                  <span className={styles.sub}>
                    Second draw {formatDateTimeWithZone(raffle.secondDrawnAt)}:{' '}
                    {formatCountOf(raffle.secondPlaces ?? 0, 'place')}
                  </span>
                ) : null}
              </>
            ) : hasClosed ? (
              'Not drawn yet'
            ) : (
              'At the close of registration'
            ),
          ],
        ]}
      />
      {unwonPacks ? <p className={styles.hint}>{unwonPacks}</p> : null}
      <div>
        <p className={styles.label}>Commitment</p>
        <p className={styles.commitment}>{raffle.commitment}</p>
      </div>
      {isEditing ? (
        // Registration opened while the form was open (the API refused the change, or the clock passed it).
        <Alert tone="info">{errorCatalogue.RAFFLE_REGISTRATION_OPENED.message}</Alert>
      ) : null}
      {draw.isError ? <Alert tone="error">{errorMessage(draw.error)}</Alert> : null}
      <div className={styles.actions}>
        <Link to={raffleDrawPath(drop.id, raffle.roundId)}>Public draw page</Link>
        {hasOpened ? null : (
          <Button type="button" size="sm" onClick={() => setIsEditing(true)}>
            Change raffle
          </Button>
        )}
        {hasClosed && !raffle.drawnAt ? (
          <Button type="button" variant="primary" size="sm" isLoading={draw.isPending} onClick={() => draw.mutate()}>
            Draw now
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function RaffleAccess({ drop, round }: { drop: TConsoleDrop; round: TRound }) {
  const raffle = useRoundRaffle(drop.id, round.round, round.isRaffle);
  // The room block beside this one reads the same query, so a room added a moment ago counts here at once.
  const room = useRoundWaitingRoom(drop.id, round.round, round.hasWaitingRoom);
  const [isAdding, setIsAdding] = useState(false);
  let body: ReactNode;
  if (raffle.isPending) body = <p className={styles.hint}>Reading…</p>;
  else if (raffle.isError && raffle.data === undefined)
    body = <ReadFailed error={raffle.error} onRetry={() => void raffle.refetch()} />;
  else if (raffle.data) body = <RaffleState drop={drop} round={round} raffle={raffle.data} />;
  else if (isAdding) body = <RaffleForm drop={drop} round={round} raffle={null} onDone={() => setIsAdding(false)} />;
  // A round that has opened sold on a first-come basis: it cannot become a raffle now (RAFFLE_ROUND_OPENING).
  else if (hasCome(round.saleBeginAt)) body = <p className={styles.hint}>First come, first served.</p>;
  // Its guarantee lets every holder buy their share, a raffle only its winners (RAFFLE_ROUND_HAS_PASS_GUARANTEE); the
  // guarantee is fixed since publication, so there is nothing to remove first.
  else if (round.passGuarantee)
    body = (
      <p className={styles.hint}>
        First come, first served, with packs held back for holders of {round.passGuarantee.pass.name}. A round that
        holds packs back for pass holders cannot be a raffle.
      </p>
    );
  // Everyone would be invited to queue for a round only the winners buy in (RAFFLE_ROUND_HAS_WAITING_ROOM).
  else if (room.data)
    body = (
      <p className={styles.hint}>
        First come, first served, through its waiting room. To make this round a raffle, remove the waiting room first.
      </p>
    );
  else
    body = (
      <div className={styles.actions}>
        <span className={styles.hint}>First come, first served.</span>
        <Button type="button" size="sm" onClick={() => setIsAdding(true)}>
          Make this round a raffle
        </Button>
      </div>
    );
  return (
    <section className={styles.part} aria-label={`Raffle, round ${round.round}`}>
      <h4 className={styles.partTitle}>Raffle</h4>
      {body}
    </section>
  );
}
