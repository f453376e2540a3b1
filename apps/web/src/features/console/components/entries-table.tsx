import type { ReactNode } from 'react';
import { scrollEdgesClassName, useScrollEdges } from '../../../ui/scroll-edges.ts';
import styles from './entries-table.module.css';

export interface EntryColumn<T> {
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** Left out on phones, where the table keeps to what identifies a row. */
  isSecondary?: boolean;
}

interface EntriesTableProps<T extends { id: string }> {
  /** Says what the table lists, for screen readers. */
  caption: string;
  columns: EntryColumn<T>[];
  items: T[];
  isRefreshing?: boolean;
}

/** Console lists: a plain table (first column is the row's name, usually a link to edit it). */
export function EntriesTable<T extends { id: string }>({
  caption,
  columns,
  items,
  isRefreshing,
}: EntriesTableProps<T>) {
  const scrollRef = useScrollEdges<HTMLDivElement>();
  return (
    <div
      ref={scrollRef}
      className={`${styles.wrapper} ${scrollEdgesClassName({ withScrollbar: true })}`}
      aria-busy={isRefreshing || undefined}
      data-refreshing={isRefreshing || undefined}
    >
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.isSecondary ? styles.secondary : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.id} scope="row">
                    {column.cell(item)}
                  </th>
                ) : (
                  <td key={column.id} className={column.isSecondary ? styles.secondary : undefined}>
                    {column.cell(item)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
