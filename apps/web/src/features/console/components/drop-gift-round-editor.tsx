import { MAX_DROP_PACKS } from '@cypher/contract';
import { useWatch } from 'react-hook-form';
import { formatCount } from '../../../lib/format.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Field } from '../../../ui/field.tsx';
import { CountInput } from '../../../ui/input.tsx';
import type { TDropFormApi } from '../drop-form-values.ts';
import { numberOrNull } from '../form-values.ts';
import formStyles from './console-form.module.css';
import styles from './drops.module.css';

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The drop's gift round (decision record 36): packs set aside for giveaways. They are filled by the same shuffle and
 * covered by the same commitment as the sale's packs, numbered after them, and never on sale: redeem codes, check-in
 * rewards and airdrops give them, one sealed pack at a time, until the drop ends.
 */
export function DropGiftRoundEditor({ form }: { form: TDropFormApi }) {
  const { control, register, formState } = form;
  const isSetAside = useWatch({ control, name: 'giftRound.isSetAside' });
  const packCount = useWatch({ control, name: 'giftRound.packCount' });
  const rounds = useWatch({ control, name: 'rounds' }) ?? [];
  const salePacks = rounds.reduce((sum, round) => sum + (isCount(round.packCount) ? round.packCount : 0), 0);
  const range = isCount(packCount)
    ? `Packs #${formatCount(salePacks + 1)}–#${formatCount(salePacks + packCount)}, numbered after the rounds’.`
    : 'Numbered after the rounds’ packs.';
  return (
    <section className={formStyles.card} aria-labelledby="drop-gift-round">
      <div className={styles.cardHeader}>
        <h2 id="drop-gift-round" className={formStyles.cardTitle}>
          Gift round
        </h2>
        <p className={styles.note}>
          Packs set aside for giveaways: filled like the others, never on sale. Redeem codes, check-in rewards and
          airdrops give them, one sealed pack each, until the drop ends.
        </p>
      </div>
      <Checkbox label="Set packs aside for giveaways" {...register('giftRound.isSetAside')} />
      {isSetAside ? (
        <div className={formStyles.grid}>
          <Field label="Packs set aside" hint={range} error={formState.errors.giftRound?.packCount?.message} isRequired>
            {(props) => (
              <CountInput
                {...props}
                max={MAX_DROP_PACKS}
                {...register('giftRound.packCount', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
        </div>
      ) : null}
    </section>
  );
}
