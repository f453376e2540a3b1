import { useDrops, type TDropsListParams } from '../../../api/list-drops.ts';
import { dropPhaseAt } from '../../../lib/drop-phase.ts';
import { useNow } from '../../../lib/use-now.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { DropCard } from '../../../ui/drop-card.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { SectionHeader } from './section-header.tsx';
import styles from './detail-page.module.css';

const BRAND_DROPS_SIZE = 5;

/**
 * A brand's drops on sale now and opening next, with their countdowns: banners and links lead to a brand's page,
 * and during a drop that is what a fan comes for. A brand with none shows nothing here (its products follow), and
 * so does a failed read: the drops page has them all.
 */
export function BrandDrops({ brandId, brandName }: { brandId: string; brandName: string }) {
  const params = (status: TDropsListParams['status']): TDropsListParams => ({
    status,
    page: 1,
    size: BRAND_DROPS_SIZE,
    brandId,
  });
  const onSale = useDrops(params('AVAILABLE'));
  const opensNext = useDrops(params('NEXT'));
  const now = useNow();

  if (onSale.isPending || opensNext.isPending) {
    return (
      <section aria-labelledby="brand-drops-heading" className={styles.drops}>
        <SectionHeader id="brand-drops-heading" title="Drops" />
        <CardGridSkeleton count={BRAND_DROPS_SIZE} label={`Loading ${brandName}'s drops`} />
      </section>
    );
  }
  // On sale first, then by opening; placed by the clock, so a drop that opens while the page is open says so.
  const drops = [...(onSale.data?.items ?? []), ...(opensNext.data?.items ?? [])]
    .filter((drop, index, all) => all.findIndex((other) => other.id === drop.id) === index)
    .filter((drop) => {
      const status = dropPhaseAt(drop, now).status;
      return status === 'AVAILABLE' || status === 'NEXT';
    })
    .slice(0, BRAND_DROPS_SIZE);
  if (drops.length === 0) return null;
  return (
    <section aria-labelledby="brand-drops-heading" className={styles.drops}>
      <SectionHeader
        id="brand-drops-heading"
        title="Drops"
        lead={`${brandName}'s drops on sale now and opening next.`}
        action={
          <ButtonLink to={`/drops?brand=${brandId}`} variant="ghost">
            All drops
            <Icon name="arrow-right" size={18} />
          </ButtonLink>
        }
      />
      <CardGrid label={`${brandName}'s drops`}>
        {drops.map((drop) => (
          <li key={drop.id}>
            <DropCard drop={drop} now={now} />
          </li>
        ))}
      </CardGrid>
    </section>
  );
}
