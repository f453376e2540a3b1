import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_WAITING_ROOM_OPENS_MINUTES_BEFORE,
  longestWaitingRoomLead,
  waitingRoomLeadTooLongMessage,
  waitingRoomLimits,
  ZWaitingRoomSettings,
  type TConsoleDrop,
  type TConsoleWaitingRoom,
  type TWaitingRoomSettings,
} from '@cypher/contract';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../../api/form-errors.ts';
import { formatCount, formatCountOf, formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useRoundRaffle } from '../api/round-raffle.ts';
import { useRemoveRoundWaitingRoom, useRoundWaitingRoom, useSetRoundWaitingRoom } from '../api/round-waiting-room.ts';
import styles from './round-access.module.css';
import { errorMessage, Facts, hasCome, ReadFailed, time, type TRound } from './round-access-parts.tsx';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';

type TWaitingRoomFormValues = z.input<typeof ZWaitingRoomSettings>;

/** The longest lead a room added now may take (WAITING_ROOM_LOCKED past it), as the clock stands. */
const longestLeadNow = (round: TRound) => longestWaitingRoomLead(round.saleBeginAt, new Date());

/** What the lead may be, said before saving: the contract's range, or less for a round opening sooner than that. */
function leadHint(round: TRound, longest: number): string {
  if (longest >= waitingRoomLimits.opensMinutesBefore.max) {
    return `How long before the round people may join: 1 to ${formatCountOf(longest, 'minute')}.`;
  }
  return `At most ${formatCountOf(longest, 'minute')}: the round opens ${formatDateTimeWithZone(round.saleBeginAt)}, and joining cannot open in the past.`;
}

function WaitingRoomForm({ drop, round, onDone }: { drop: TConsoleDrop; round: TRound; onDone: () => void }) {
  const save = useSetRoundWaitingRoom(drop.id, round.round);
  // The default is one the API takes: 30 minutes, or the longest lead that fits a round opening sooner.
  const longest = longestLeadNow(round);
  const form = useForm<TWaitingRoomFormValues, unknown, TWaitingRoomSettings>({
    resolver: zodResolver(ZWaitingRoomSettings),
    defaultValues: {
      opensMinutesBefore: Math.max(1, Math.min(DEFAULT_WAITING_ROOM_OPENS_MINUTES_BEFORE, longest)),
      admitPerMinute: 100,
      tokenTtlSeconds: 300,
      requiresVerifiedPhone: false,
    },
  });
  const { markSaved } = useUnsavedChanges(form, 'waiting room');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit(async (body) => {
    // Judged again as the form is sent: the limit shrinks while it is open. Once no lead fits, the API says so.
    const longestAtSave = longestLeadNow(round);
    if (longestAtSave > 0 && body.opensMinutesBefore > longestAtSave) {
      const message = waitingRoomLeadTooLongMessage(longestAtSave);
      setError('opensMinutesBefore', { type: 'WAITING_ROOM_LOCKED', message }, { shouldFocus: true });
      return;
    }
    try {
      await save.mutateAsync(body);
      markSaved();
      onDone();
    } catch (error) {
      applyApiError(error, setError, {
        fields: ['opensMinutesBefore', 'admitPerMinute', 'tokenTtlSeconds', 'requiresVerifiedPhone'],
      });
    }
  });
  const numbers = [
    ['opensMinutesBefore', 'Opens (minutes before)', errors.opensMinutesBefore?.message, leadHint(round, longest)],
    ['admitPerMinute', 'Admit per minute', errors.admitPerMinute?.message, undefined],
    ['tokenTtlSeconds', 'Admission lasts (seconds)', errors.tokenTtlSeconds?.message, undefined],
  ] as const;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`Waiting room for round ${round.round}`}>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <div className={styles.fields}>
        {numbers.map(([name, text, error, hint]) => (
          <Field key={name} label={text} hint={hint} error={error} isRequired>
            {(props) => (
              <Input
                {...props}
                type="number"
                min={1}
                max={name === 'opensMinutesBefore' && longest > 0 ? longest : undefined}
                step={1}
                {...register(name, { valueAsNumber: true })}
              />
            )}
          </Field>
        ))}
      </div>
      <Checkbox label="Requires a verified phone" {...register('requiresVerifiedPhone')} />
      <div className={styles.actions}>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="sm" isLoading={save.isPending}>
          Add waiting room
        </Button>
      </div>
    </form>
  );
}

function WaitingRoomState({ drop, round, room }: { drop: TConsoleDrop; round: TRound; room: TConsoleWaitingRoom }) {
  const remove = useRemoveRoundWaitingRoom(drop.id, round.round);
  const hasOpened = hasCome(room.joinOpensAt);
  return (
    <div className={styles.state}>
      <Facts
        rows={[
          [
            'Opens',
            <>
              {time(room.joinOpensAt)} ({formatCountOf(room.opensMinutesBefore, 'minute')} before)
            </>,
          ],
          [
            'Admits',
            `${formatCount(room.admitPerMinute)} a minute, for ${formatCount(room.tokenTtlSeconds)} seconds each`,
          ],
          ['Verified phone', room.requiresVerifiedPhone ? 'Required' : 'Not required'],
          [
            'Places',
            hasCome(room.saleBeginAt) ? (
              'Drawn at the opening'
            ) : (
              <>To be drawn at the opening, {time(room.saleBeginAt)}</>
            ),
          ],
        ]}
      />
      {remove.isError ? <Alert tone="error">{errorMessage(remove.error)}</Alert> : null}
      {hasOpened ? (
        <p className={styles.hint}>Open for joining: it can no longer change.</p>
      ) : (
        <div className={styles.actions}>
          <Button type="button" variant="danger" size="sm" isLoading={remove.isPending} onClick={() => remove.mutate()}>
            Remove waiting room
          </Button>
        </div>
      )}
    </div>
  );
}

/** Why a round without a room can no longer have one. */
function tooLateForRoom(round: TRound): string {
  if (hasCome(round.saleEndAt)) return 'the round has ended.';
  if (hasCome(round.saleBeginAt)) return 'the round has opened, so it is too late for one.';
  return 'the round opens within the minute, too soon for one.';
}

export function WaitingRoomAccess({ drop, round }: { drop: TConsoleDrop; round: TRound }) {
  const room = useRoundWaitingRoom(drop.id, round.round, round.hasWaitingRoom);
  // The raffle block beside this one reads the same query, so a raffle made a moment ago counts here at once.
  const raffle = useRoundRaffle(drop.id, round.round, round.isRaffle);
  const [isAdding, setIsAdding] = useState(false);
  let body: ReactNode;
  if (room.isPending) body = <p className={styles.hint}>Reading…</p>;
  else if (room.isError && room.data === undefined)
    body = <ReadFailed error={room.error} onRetry={() => void room.refetch()} />;
  else if (room.data) body = <WaitingRoomState drop={drop} round={round} room={room.data} />;
  else if (isAdding) body = <WaitingRoomForm drop={drop} round={round} onDone={() => setIsAdding(false)} />;
  // Only the raffle's winners buy, at their own pace: nobody queues (WAITING_ROOM_ROUND_IS_RAFFLE).
  else if (raffle.data) body = <p className={styles.hint}>None: a raffle round sells only to its winners.</p>;
  // A room must open for joining before the round does, and after now
  // (WAITING_ROOM_LOCKED): a round that has opened, or opens within the minute, is past that.
  else if (longestLeadNow(round) === 0) body = <p className={styles.hint}>None: {tooLateForRoom(round)}</p>;
  else
    body = (
      <div className={styles.actions}>
        <span className={styles.hint}>None: everyone buys at the opening.</span>
        <Button type="button" size="sm" onClick={() => setIsAdding(true)}>
          Add a waiting room
        </Button>
      </div>
    );
  return (
    <section className={styles.part} aria-label={`Waiting room, round ${round.round}`}>
      <h4 className={styles.partTitle}>Waiting room</h4>
      {body}
    </section>
  );
}

/** A published round's access: whether it is a raffle (and its draw), and its waiting room. */
