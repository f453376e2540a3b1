import { useMemo, useState } from 'react';
import { Field } from '../../../ui/field.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Input } from '../../../ui/input.tsx';
import type { TDrawnRaffle } from './raffle-draw-check.tsx';
import { ProvenanceCard } from './provenance-card.tsx';
import styles from './provenance.module.css';

type TEntryStanding = 'first-draw' | 'second-draw' | 'entered' | 'unknown';

function standingWords(standing: TEntryStanding, hasSecondDraw: boolean): string {
  switch (standing) {
    case 'first-draw':
      return 'Won a place in the draw.';
    case 'second-draw':
      return 'Won a place in the second draw, for the places not bought in time.';
    case 'entered':
      return hasSecondDraw
        ? 'Entered, not drawn in either draw.'
        : 'Entered, not drawn. Places winners do not buy in time go to a second draw, next in the same order.';
    case 'unknown':
      return 'Not among the entries: check that the handle was copied whole, or it was not entered before registration closed.';
  }
}

/** Paste a handle: is it among the published entries, and did it win? Read from the record, before any recompute. */
export function RaffleEntryLookup({ draw }: { draw: TDrawnRaffle }) {
  const [text, setText] = useState('');
  const sets = useMemo(
    () => ({
      entries: new Set(draw.entries),
      winners: new Set(draw.winners),
      secondWinners: new Set(draw.secondDraw?.winners ?? []),
    }),
    [draw],
  );
  const handle = text.trim();
  const standing: TEntryStanding | null =
    handle === ''
      ? null
      : !sets.entries.has(handle)
        ? 'unknown'
        : sets.winners.has(handle)
          ? 'first-draw'
          : sets.secondWinners.has(handle)
            ? 'second-draw'
            : 'entered';
  return (
    <ProvenanceCard title="Find an entry">
      <Field label="An entry's handle" hint="Paste the handle shown with your entry.">
        {(control) => (
          <Input
            {...control}
            className={styles.monoInput}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </Field>
      <div aria-live="polite">
        {standing === null ? null : (
          <p className={styles.claim}>
            <Icon
              name={standing === 'unknown' ? 'alert' : standing === 'entered' ? 'info' : 'check'}
              size={18}
              className={standing === 'unknown' ? styles.bad : standing === 'entered' ? undefined : styles.good}
            />
            {standingWords(standing, draw.secondDraw !== null)}
          </p>
        )}
      </div>
    </ProvenanceCard>
  );
}
