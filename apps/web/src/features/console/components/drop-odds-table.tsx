import { formatNumber, type TRarity } from '@cypher/contract';
import { oddsByRarity } from '../../../lib/drop-odds.ts';
import { formatCount, formatPercent } from '../../../lib/format.ts';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import styles from './drops.module.css';

interface DropOddsTableProps {
  contents: ReadonlyArray<{ rarity: TRarity; editionCount: number }>;
  editionsPerPack: number | null;
}

/**
 * The odds by rarity: each rarity's editions, its share of all editions (the chance that any one edition in a pack is
 * of it) and how many a pack holds on average.
 */
export function DropOddsTable({ contents, editionsPerPack }: DropOddsTableProps) {
  const odds = oddsByRarity(contents);
  if (odds.length === 0) return null;
  return (
    <>
      <table className={styles.odds}>
        <caption>Odds by rarity</caption>
        <thead>
          <tr>
            <th scope="col">Rarity</th>
            <th scope="col">Editions</th>
            <th scope="col">Share</th>
            <th scope="col">Per pack</th>
          </tr>
        </thead>
        <tbody>
          {odds.map((entry) => (
            <tr key={entry.rarity}>
              <th scope="row">
                <RarityBadge rarity={entry.rarity} />
              </th>
              <td>{formatCount(entry.editions)}</td>
              <td>{formatPercent(entry.share)}</td>
              <td>{editionsPerPack ? formatNumber(entry.share * editionsPerPack, 2) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>
        Share: the chance that any one edition in a pack is of that rarity. Per pack: how many a pack holds on average.
      </p>
    </>
  );
}
