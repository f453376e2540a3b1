import { formatNumber } from '@cypher/contract';
import { useFieldArray, useWatch } from 'react-hook-form';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { focusAfterRowRemoval } from '../../../ui/focus-after-row-removal.ts';
import { Icon } from '../../../ui/icon.tsx';
import { CountInput } from '../../../ui/input.tsx';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import { useConsoleEntries } from '../api/list-console-entries.ts';
import type { TDropFormApi, TDropFormContent } from '../drop-form-values.ts';
import { numberOrNull } from '../form-values.ts';
import { DropOddsTable } from './drop-odds-table.tsx';
import { editionSizeLabel, ProductPicker } from './product-picker.tsx';
import { hasFailed, ListFailed } from './search-picker.tsx';
import styles from './drops.module.css';

/** A product's thumbnail in the list (drops.module.css `.thumb`). */
const THUMB_WIDTH = 44;

/** A drop holds at most this many products (the contract's contents rule): one page of them, asked for by id. */
const MAX_DROP_PRODUCTS = 100;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

interface TFill {
  editions: number;
  packsOffered: number;
  /** Set aside in the gift round: packs the contents fill too. */
  packsSetAside: number;
  editionsPerPack: number | null;
}

/** One sentence on whether the contents fill the packs the rounds sell, and what to change if not. */
function fillSentence({ editions, packsOffered, packsSetAside, editionsPerPack }: TFill): {
  text: string;
  isExact: boolean;
} {
  if (editionsPerPack === null || editions === 0) {
    return { text: 'Add products and set the editions per pack to see the packs they fill.', isExact: false };
  }
  if (packsOffered === 0) {
    return { text: 'Give the rounds their packs to see whether the contents fill them.', isExact: false };
  }
  const needed = (packsOffered + packsSetAside) * editionsPerPack;
  const setAside = packsSetAside > 0 ? ` and the ${formatCount(packsSetAside)} set aside for giveaways` : '';
  if (needed === editions) {
    return {
      text: `The contents fill the ${formatCount(packsOffered)} packs the rounds sell${setAside} exactly.`,
      isExact: true,
    };
  }
  const gap = needed - editions;
  return {
    text:
      `The rounds sell ${formatCount(packsOffered)} packs of ${formatCount(editionsPerPack)}` +
      `${packsSetAside > 0 ? `, ${formatCount(packsSetAside)} more are set aside` : ''}: ` +
      `${formatCount(needed)} editions. The contents hold ${formatCount(editions)}: ` +
      `${gap > 0 ? 'add' : 'remove'} ${formatCount(Math.abs(gap))}, or change the rounds’ packs.`,
    isExact: false,
  };
}

/** The live summary under the contents: editions, packs they fill, packs the rounds sell, and the odds by rarity. */
function ContentsSummary({ contents, fill }: { contents: TDropFormContent[]; fill: TFill }) {
  const counted = contents
    .filter((content) => isCount(content.editionCount))
    .map((content) => ({ rarity: content.product.rarity, editionCount: content.editionCount as number }));
  const packsFilled = fill.editionsPerPack ? fill.editions / fill.editionsPerPack : null;
  const sentence = fillSentence(fill);
  return (
    <section className={styles.summary} aria-labelledby="contents-summary">
      <h3 id="contents-summary" className={styles.summaryTitle}>
        Summary
      </h3>
      <dl className={styles.figures}>
        <div>
          <dt>Editions</dt>
          <dd>{formatCount(fill.editions)}</dd>
        </div>
        <div>
          <dt>Packs filled</dt>
          <dd>
            {packsFilled === null
              ? '—'
              : Number.isInteger(packsFilled)
                ? formatCount(packsFilled)
                : `${formatNumber(packsFilled, 2)}, not whole`}
          </dd>
        </div>
        <div>
          <dt>Packs on sale</dt>
          <dd>{formatCount(fill.packsOffered)}</dd>
        </div>
        {fill.packsSetAside > 0 ? (
          <div>
            <dt>Set aside</dt>
            <dd>{formatCount(fill.packsSetAside)}</dd>
          </div>
        ) : null}
      </dl>
      <p className={sentence.isExact ? styles.fillExact : styles.fillGap} aria-live="polite">
        <Icon name={sentence.isExact ? 'check' : 'info'} size={16} />
        {sentence.text}
      </p>
      <DropOddsTable contents={counted} editionsPerPack={fill.editionsPerPack} />
    </section>
  );
}

/**
 * A word before saving when a product's count is over what it can take: its edition size, or the editions other drops
 * left of it (the API refuses either with EDITION_SIZE_EXCEEDED).
 */
function overEditionsHint(
  count: number,
  product: { editionSize?: number | null; editionsLeft?: number | null },
): string | undefined {
  if (typeof product.editionSize === 'number' && count > product.editionSize) return 'More than its edition size.';
  if (typeof product.editionsLeft === 'number' && count > product.editionsLeft) {
    return product.editionsLeft === 0
      ? 'None of its editions are left.'
      : `More than the ${formatCount(product.editionsLeft)} editions left.`;
  }
  return undefined;
}

/**
 * The packs' contents: the brand's products picked from a search, how many of each one's editions the drop holds,
 * and the summary that says whether they fill the packs the rounds sell, with the odds per rarity.
 */
export function DropContentsEditor({ form }: { form: TDropFormApi }) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'contents' });
  const brandId = useWatch({ control, name: 'brandId' });
  const contents = useWatch({ control, name: 'contents' }) ?? [];
  const rounds = useWatch({ control, name: 'rounds' }) ?? [];
  const editionsPerPack = useWatch({ control, name: 'editionsPerPack' });
  const giftRound = useWatch({ control, name: 'giftRound' });
  // A saved draft names its products and their rarity only: their pictures and edition sizes are asked for by id, as
  // the brand's list by name would hold its first hundred products only, whichever the drop holds. Those picked here
  // came with theirs.
  const unknownIds = [
    ...new Set(fields.filter((field) => field.product.editionSize === undefined).map((field) => field.productId)),
  ].sort();
  const known = useConsoleEntries(
    'products',
    { ids: unknownIds.join(','), size: MAX_DROP_PRODUCTS },
    { isEnabled: unknownIds.length > 0 },
  );
  const productById = new Map(known.data?.items.map((product) => [product.id, product]));
  const errors = formState.errors.contents;
  const listError = errors?.root?.message ?? errors?.message;

  const fill: TFill = {
    editions: contents.reduce((sum, content) => sum + (isCount(content.editionCount) ? content.editionCount : 0), 0),
    packsOffered: rounds.reduce((sum, round) => sum + (isCount(round.packCount) ? round.packCount : 0), 0),
    packsSetAside: giftRound?.isSetAside && isCount(giftRound.packCount) ? giftRound.packCount : 0,
    editionsPerPack: isCount(editionsPerPack) ? editionsPerPack : null,
  };

  return (
    <div className={styles.contents} data-row-card>
      <div className={styles.cardHeader}>
        <h3 className={styles.subTitle}>Contents</h3>
        <p className={styles.note}>The brand’s products the packs hold, and how many of each one’s editions.</p>
      </div>
      {/* Without them a row has no picture, edition size or editions left, and no warning over what is left. */}
      {hasFailed(known) ? <ListFailed list={known} /> : null}
      {fields.length > 0 ? (
        <ol className={styles.contentRows} aria-label="Contents">
          {fields.map((field, index) => {
            const listed = productById.get(field.productId);
            const product = {
              ...field.product,
              imageThumbnailUrl:
                field.product.imageThumbnailUrl ?? listed?.imageThumbnailUrl ?? listed?.imageUrl ?? null,
              editionSize: field.product.editionSize !== undefined ? field.product.editionSize : listed?.editionSize,
              editionsLeft:
                field.product.editionsLeft !== undefined ? field.product.editionsLeft : listed?.editionsLeft,
            };
            const count = contents[index]?.editionCount;
            const overHint = isCount(count) ? overEditionsHint(count, product) : undefined;
            return (
              <li key={field.id} className={styles.contentRow}>
                {product.imageThumbnailUrl ? (
                  <FixedWidthImage className={styles.thumb} src={product.imageThumbnailUrl} shownWidth={THUMB_WIDTH} />
                ) : (
                  <span className={styles.thumb} aria-hidden="true" />
                )}
                <span className={styles.resultText}>
                  <span className={styles.productName}>{product.name}</span>
                  <span className={styles.meta}>
                    <RarityBadge rarity={product.rarity} />
                    <span>{editionSizeLabel(product.editionSize, product.editionsLeft)}</span>
                  </span>
                </span>
                <Field
                  className={styles.countField}
                  label={
                    <>
                      Editions<span className="visually-hidden"> of {product.name}</span>
                    </>
                  }
                  hint={overHint}
                  error={errors?.[index]?.editionCount?.message}
                >
                  {(props) => (
                    <CountInput
                      {...props}
                      {...register(`contents.${index}.editionCount`, { setValueAs: numberOrNull })}
                    />
                  )}
                </Field>
                <Button
                  variant="ghost"
                  className={styles.removeButton}
                  aria-label={`Remove ${product.name}`}
                  data-row-remove
                  onClick={(event) => {
                    focusAfterRowRemoval(event.currentTarget);
                    remove(index);
                  }}
                >
                  <Icon name="trash" size={18} />
                </Button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p className={styles.listError} role="alert">
          <Icon name="alert" size={16} />
          {listError}
        </p>
      ) : null}
      <ProductPicker
        brandId={brandId}
        chosenIds={new Set(fields.map((field) => field.productId))}
        onPick={(product) =>
          append({
            productId: product.id,
            editionCount: null,
            product: {
              name: product.name,
              rarity: product.rarity,
              imageThumbnailUrl: product.imageThumbnailUrl ?? product.imageUrl,
              editionSize: product.editionSize,
              editionsLeft: product.editionsLeft,
            },
          })
        }
      />
      <ContentsSummary contents={contents} fill={fill} />
    </div>
  );
}
