import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { rarityLabel, type TFusionSlotRule } from '@cypher/contract';
import { collectionPath, productPath } from '../../../lib/catalog-paths.ts';
import { formatCount } from '../../../lib/format.ts';
import shared from './fusion.module.css';

/** A product or collection a slot names: a link to its page when the public sees it, else its name alone. */
function RuleTarget({ name, to }: { name: string; to: string | null }) {
  return to ? (
    <Link to={to} className={shared.ruleLink}>
      {name}
    </Link>
  ) : (
    name
  );
}

function ruleWords(rule: TFusionSlotRule): ReactNode {
  switch (rule.kind) {
    case 'PRODUCT':
      return <RuleTarget name={rule.product.name} to={rule.product.isPublic ? productPath(rule.product) : null} />;
    case 'RARITY':
      return `any ${rarityLabel(rule.rarity)} edition`;
    case 'COLLECTION':
      return (
        <>
          from the{' '}
          <RuleTarget
            name={rule.collection.name}
            to={rule.collection.isPublic ? collectionPath(rule.collection) : null}
          />{' '}
          collection
        </>
      );
    case 'TRAIT':
      return `with ${rule.traitType}: ${rule.value}`;
  }
}

/**
 * What a slot asks for, in a line: "3 × Pixel Knight Squire", "2 × any Rare edition", "1 × from the Neon Genesis
 * collection", "1 × with Background: Neon". The product or collection is a link to its page, where a collector short
 * of editions finds how to get them.
 */
export function SlotRule({ requiredCount, rule }: { requiredCount: number; rule: TFusionSlotRule }) {
  return (
    <p className={shared.rule}>
      {formatCount(requiredCount)} × {ruleWords(rule)}
    </p>
  );
}
