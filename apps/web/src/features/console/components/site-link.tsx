import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleEntry } from '../api/get-console-entry.ts';
import styles from './publication-actions.module.css';

/** Why a published entry is not on the site ("its collection “Neon” is a draft."): known once its owners are read. */
export interface TNotOnSite {
  isKnown: boolean;
  reason: string | null;
}

/**
 * Why a published entry is not on the site (its brand or its collection is a draft: a product is public while
 * published and in a published collection or in none, decision record 57), read from their own entries; `isKnown`
 * false until they are read, so the header offers "View on site" only for a page that answers (session 72's console
 * hunt: it opened "not found").
 */
export function useWhyNotOnSite(
  entry: { status: string; brand?: { id: string } | null; collection?: { id: string } | null },
  options: { isBrandOwned: boolean },
): TNotOnSite {
  const brandId = options.isBrandOwned ? entry.brand?.id : undefined;
  const collectionId = entry.collection?.id;
  const isPublished = entry.status === 'PUBLISHED';
  const brand = useConsoleEntry('brands', brandId ?? '', { isEnabled: isPublished && brandId !== undefined });
  const collection = useConsoleEntry('collections', collectionId ?? '', {
    isEnabled: isPublished && collectionId !== undefined,
  });
  const isKnown =
    !isPublished ||
    ((brandId === undefined || !brand.isPending) && (collectionId === undefined || !collection.isPending));
  if (brand.data?.status === 'DRAFT') return { isKnown, reason: `its brand “${brand.data.name}” is a draft.` };
  if (collection.data?.status === 'DRAFT') {
    return { isKnown, reason: `its collection “${collection.data.name}” is a draft.` };
  }
  return { isKnown, reason: null };
}

/**
 * "View on site" for a published entry, or why it is not there: nothing until that is known, so the link never opens
 * a page that answers "not found".
 */
export function SiteLink({ to, notOnSite = { isKnown: true, reason: null } }: { to: string; notOnSite?: TNotOnSite }) {
  if (!notOnSite.isKnown) return null;
  if (notOnSite.reason) return <span className={styles.notOnSite}>Not on the site: {notOnSite.reason}</span>;
  return (
    <ButtonLink to={to} variant="ghost">
      <Icon name="external" size={16} />
      View on site
    </ButtonLink>
  );
}

/** "View on site" for a published pass, drop or fusion, which collectors see while its brand is published. */
export function BrandSiteLink({ to, brandId }: { to: string; brandId: string }) {
  const notOnSite = useWhyNotOnSite({ status: 'PUBLISHED', brand: { id: brandId } }, { isBrandOwned: true });
  return <SiteLink to={to} notOnSite={notOnSite} />;
}
