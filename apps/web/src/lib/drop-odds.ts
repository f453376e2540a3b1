import { rarities, type TRarity } from '@cypher/contract';

interface TRarityOdds {
  rarity: TRarity;
  editions: number;
  /** The share of the drop's editions: the chance that any one edition in a pack is of this rarity. */
  share: number;
}

/**
 * A drop's odds by rarity, rarest first, leaving out rarities it does not hold: what a buyer reads on the drop page
 * and what an operator sees while filling the packs in the console.
 */
export function oddsByRarity(contents: ReadonlyArray<{ rarity: TRarity; editionCount: number }>): TRarityOdds[] {
  const total = contents.reduce((sum, content) => sum + content.editionCount, 0);
  return [...rarities]
    .reverse()
    .map((rarity) => {
      const editions = contents
        .filter((content) => content.rarity === rarity)
        .reduce((sum, content) => sum + content.editionCount, 0);
      return { rarity, editions, share: total > 0 ? editions / total : 0 };
    })
    .filter((entry) => entry.editions > 0);
}
