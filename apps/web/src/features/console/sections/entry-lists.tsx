import { formatMoney, type TPassStatus } from '@cypher/contract';
import { formatCount, formatDate, formatDateTimeWithZone } from '../../../lib/format.ts';
import { passStatusLabels } from '../../../lib/pass-status.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import { brandTypeLabel } from '../../../lib/catalog-paths.ts';
import type { TConsoleListItem, TConsoleResource } from '../api/console-resources.ts';
import type { EntryColumn } from '../components/entries-table.tsx';
import { EntryList } from '../components/entry-list.tsx';
import { MutedText, NameCell } from '../components/name-cell.tsx';
import { PublicationBadge } from '../components/publication-badge.tsx';
import { useOperator } from '../components/operator-context.ts';
import type { ConsoleSection } from '../console-sections.ts';
import dropStyles from '../components/drops.module.css';
import listStyles from '../components/entry-list.module.css';

type Columns<R extends TConsoleResource> = EntryColumn<TConsoleListItem<R>>[];

const edit = (resource: TConsoleResource, id: string) => `/console/${resource}/${id}`;
const status = {
  id: 'status',
  header: 'Status',
  cell: (item: { status: 'DRAFT' | 'PUBLISHED' }) => <PublicationBadge status={item.status} />,
};
const updated = {
  id: 'updated',
  header: 'Updated',
  isSecondary: true,
  cell: (item: { updatedAt: string }) => <MutedText>{formatDate(item.updatedAt)}</MutedText>,
};

const brandColumns: Columns<'brands'> = [
  {
    id: 'name',
    header: 'Brand',
    cell: (brand) => <NameCell to={edit('brands', brand.id)} name={brand.name} imageUrl={brand.logoUrl} />,
  },
  { id: 'type', header: 'Type', isSecondary: true, cell: (brand) => brandTypeLabel(brand.type) },
  {
    id: 'featured',
    header: 'Home page',
    isSecondary: true,
    cell: (brand) => (brand.isFeatured ? <Badge tone="accent">Featured</Badge> : null),
  },
  status,
  updated,
];

const licenseColumns: Columns<'licenses'> = [
  {
    id: 'name',
    header: 'License',
    cell: (license) => <NameCell to={edit('licenses', license.id)} name={license.name} imageUrl={license.imageUrl} />,
  },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (license) => license.brand.name },
  {
    id: 'licensor',
    header: 'Licensor',
    isSecondary: true,
    cell: (license) => <MutedText>{license.licensor ?? '—'}</MutedText>,
  },
  status,
  updated,
];

const collectionColumns: Columns<'collections'> = [
  {
    id: 'name',
    header: 'Collection',
    cell: (collection) => (
      <NameCell to={edit('collections', collection.id)} name={collection.name} imageUrl={collection.imageUrl} />
    ),
  },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (collection) => collection.brand.name },
  {
    id: 'license',
    header: 'License',
    isSecondary: true,
    cell: (collection) => <MutedText>{collection.license?.name ?? '—'}</MutedText>,
  },
  status,
  updated,
];

const productColumns: Columns<'products'> = [
  {
    id: 'name',
    header: 'Product',
    cell: (product) => (
      <NameCell to={edit('products', product.id)} name={product.name} imageUrl={product.imageThumbnailUrl} />
    ),
  },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (product) => product.brand.name },
  { id: 'rarity', header: 'Rarity', cell: (product) => <RarityBadge rarity={product.rarity} /> },
  {
    id: 'editions',
    header: 'Editions',
    isSecondary: true,
    cell: (product) => (
      <MutedText>{product.editionSize === null ? 'Open' : formatCount(product.editionSize)}</MutedText>
    ),
  },
  status,
  updated,
];

const bannerColumns: Columns<'banners'> = [
  {
    id: 'title',
    header: 'Banner',
    cell: (banner) => (
      <NameCell to={edit('banners', banner.id)} name={banner.title} imageUrl={banner.imageUrl} isWide />
    ),
  },
  {
    id: 'window',
    header: 'Shows',
    isSecondary: true,
    cell: (banner) => (
      <MutedText>
        {banner.startsAt ? formatDateTimeWithZone(banner.startsAt) : 'Any time'} –{' '}
        {banner.endsAt ? formatDateTimeWithZone(banner.endsAt) : 'no end'}
      </MutedText>
    ),
  },
  { id: 'order', header: 'Order', isSecondary: true, cell: (banner) => <MutedText>{banner.sortOrder}</MutedText> },
  status,
];

const categoryColumns: Columns<'categories'> = [
  {
    id: 'name',
    header: 'Category',
    cell: (category) => <NameCell to={edit('categories', category.id)} name={category.name} />,
  },
  { id: 'slug', header: 'Slug', cell: (category) => <MutedText>{category.slug}</MutedText> },
  { id: 'order', header: 'Order', isSecondary: true, cell: (category) => <MutedText>{category.sortOrder}</MutedText> },
];

const tagColumns: Columns<'tags'> = [
  { id: 'name', header: 'Tag', cell: (tag) => <NameCell to={edit('tags', tag.id)} name={tag.name} /> },
  { id: 'slug', header: 'Slug', cell: (tag) => <MutedText>{tag.slug}</MutedText> },
];

const figureBaseColumns: Columns<'figure-bases'> = [
  {
    id: 'name',
    header: 'Figure base',
    cell: (base) => <NameCell to={edit('figure-bases', base.id)} name={base.name} imageUrl={base.imageUrl} />,
  },
  { id: 'collection', header: 'Collection', cell: (base) => base.collection.name },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (base) => base.brand.name },
  {
    id: 'slots',
    header: 'Slots',
    isSecondary: true,
    cell: (base) => <MutedText>{formatCount(base.slots.length)}</MutedText>,
  },
  updated,
];

const passStatusTones: Record<TPassStatus, BadgeTone> = {
  UPCOMING: 'accent',
  ON_SALE: 'success',
  SOLD_OUT: 'warning',
  ENDED: 'neutral',
};

/**
 * A phone's list keeps the name (with the brand and sale window under it), the status and what was sold: the
 * publication and the sale status share a cell, stacked there, as a fusion's do.
 */
const passColumns: Columns<'passes'> = [
  {
    id: 'name',
    header: 'Pass',
    cell: (pass) => (
      <span className={dropStyles.dropCell}>
        <NameCell to={edit('passes', pass.id)} name={pass.name} imageUrl={pass.imageUrl} />
        <span className={listStyles.phoneOnly}>
          {pass.brand.name} · {formatDate(pass.saleBeginAt)} – {formatDate(pass.saleEndAt)}
        </span>
      </span>
    ),
  },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (pass) => pass.brand.name },
  {
    id: 'status',
    header: 'Status',
    // A draft's sale status would read as if collectors could see it: its publication says all there is.
    cell: (pass) => (
      <span className={dropStyles.badges}>
        <PublicationBadge status={pass.publicationStatus} />
        {pass.publicationStatus === 'DRAFT' ? null : (
          <Badge tone={passStatusTones[pass.status]}>{passStatusLabels[pass.status]}</Badge>
        )}
      </span>
    ),
  },
  {
    id: 'window',
    header: 'On sale',
    isSecondary: true,
    cell: (pass) => (
      <MutedText>
        {formatDate(pass.saleBeginAt)} – {formatDate(pass.saleEndAt)}
      </MutedText>
    ),
  },
  { id: 'price', header: 'Price', isSecondary: true, cell: (pass) => formatMoney(pass.price) },
  {
    id: 'sold',
    header: 'Sold',
    cell: (pass) => (
      <MutedText>
        {formatCount(pass.sold)} of {formatCount(pass.supply)}
        <span className={listStyles.wideOnly}> · {formatCount(pass.remaining)} left</span>
      </MutedText>
    ),
  },
];

const ticketKindColumns: Columns<'ticket-kinds'> = [
  {
    id: 'name',
    header: 'Ticket',
    cell: (kind) => <NameCell to={edit('ticket-kinds', kind.id)} name={kind.name} imageUrl={kind.imageUrl} />,
  },
  {
    id: 'brand',
    header: 'Brand',
    isSecondary: true,
    cell: (kind) => kind.brand?.name ?? <MutedText>The marketplace</MutedText>,
  },
  {
    id: 'price',
    header: 'Price',
    cell: (kind) => (kind.price ? formatMoney(kind.price) : <MutedText>Not for sale</MutedText>),
  },
  {
    id: 'active',
    header: 'Status',
    cell: (kind) => (kind.isActive ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>),
  },
  updated,
];

/** The list of one console resource, with the columns and filters that resource has. */
export function ResourceList({ section }: { section: ConsoleSection & { id: TConsoleResource } }) {
  const me = useOperator();
  switch (section.id) {
    case 'brands':
      return (
        <EntryList
          section={{ ...section, id: 'brands' }}
          columns={brandColumns}
          note={me.isAdmin ? undefined : 'The brands you manage. Admins open new brands.'}
        />
      );
    case 'licenses':
      return <EntryList section={{ ...section, id: 'licenses' }} columns={licenseColumns} hasBrandFilter />;
    case 'collections':
      return <EntryList section={{ ...section, id: 'collections' }} columns={collectionColumns} hasBrandFilter />;
    case 'products':
      return <EntryList section={{ ...section, id: 'products' }} columns={productColumns} hasBrandFilter />;
    case 'figure-bases':
      return (
        <EntryList
          section={{ ...section, id: 'figure-bases' }}
          columns={figureBaseColumns}
          hasStatusFilter={false}
          hasBrandFilter
        />
      );
    case 'passes':
      return <EntryList section={{ ...section, id: 'passes' }} columns={passColumns} hasStatusFilter hasBrandFilter />;
    case 'ticket-kinds':
      return (
        <EntryList
          section={{ ...section, id: 'ticket-kinds' }}
          columns={ticketKindColumns}
          hasStatusFilter={false}
          hasBrandFilter
          note={me.isAdmin ? undefined : "Your brands' tickets. The marketplace's own tickets are the admins'."}
        />
      );
    case 'banners':
      return <EntryList section={{ ...section, id: 'banners' }} columns={bannerColumns} hasSearch={false} />;
    case 'categories':
      return (
        <EntryList
          section={{ ...section, id: 'categories' }}
          columns={categoryColumns}
          hasStatusFilter={false}
          hasSearch={false}
        />
      );
    case 'tags':
      return <EntryList section={{ ...section, id: 'tags' }} columns={tagColumns} hasStatusFilter={false} />;
  }
}
