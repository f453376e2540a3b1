import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { focusAfterRowRemoval } from '../../../ui/focus-after-row-removal.ts';
import { Icon } from '../../../ui/icon.tsx';
import formStyles from './console-form.module.css';
import styles from './rows-editor.module.css';

interface RowsCardProps {
  /** The heading's id: the card is named by it. */
  id: string;
  title: string;
  hint: ReactNode;
  /** One EditableRow each; no list is drawn while there are none. */
  rows: ReactNode[];
  /** What is wrong with the rows as a whole (two slots of one name, none at all). */
  listError?: string;
  addLabel: string;
  onAdd: () => void;
  isFull: boolean;
  /** Beside the add button: how many of how many, or why no more. */
  tally: ReactNode;
  /** Under the add button (the fusion's preview). */
  children?: ReactNode;
}

/** A form's card of rows the operator adds, orders and removes: a fusion's or a figure base's slots, a calendar's days. */
export function RowsCard({
  id,
  title,
  hint,
  rows,
  listError,
  addLabel,
  onAdd,
  isFull,
  tally,
  children,
}: RowsCardProps) {
  return (
    <section className={formStyles.card} aria-labelledby={id}>
      <div className={styles.header}>
        <h2 id={id} className={formStyles.cardTitle}>
          {title}
        </h2>
        <p className={formStyles.hint}>{hint}</p>
      </div>
      {rows.length > 0 ? <ol className={styles.rows}>{rows}</ol> : null}
      {listError ? (
        <p className={styles.listError} role="alert">
          <Icon name="alert" size={16} />
          {listError}
        </p>
      ) : null}
      <div className={styles.footer}>
        <Button onClick={onAdd} disabled={isFull} data-row-add>
          <Icon name="plus" size={18} />
          {addLabel}
        </Button>
        <p className={formStyles.hint}>{tally}</p>
      </div>
      {children}
    </section>
  );
}

interface EditableRowProps {
  /** The row's heading: "Slot 2", a date, "7 days in a row". */
  title: string;
  /** The list item's name, when it says more than the title ("Slot 2: Knights"). */
  ariaLabel?: string;
  /** Who the buttons act on, for screen readers: "slot 2" makes "Move slot 2 up" and "Remove slot 2". */
  target: string;
  /** Where the row stands, to move it up and down; absent, it has no move buttons. */
  order?: { index: number; count: number; onMove: (from: number, to: number) => void };
  /** Absent, it has no Remove (a fusion's lone slot can be changed, not removed). */
  onRemove?: () => void;
  /** The row's fields. */
  children: ReactNode;
}

const hidden = (text: string) => <span className="visually-hidden">{text}</span>;

export function EditableRow({ title, ariaLabel = title, target, order, onRemove, children }: EditableRowProps) {
  // Said once a row moved: the row keeps the focus, but its place is only seen.
  const [moved, setMoved] = useState('');
  const move = (to: number) => {
    if (!order || to < 0 || to >= order.count) return;
    order.onMove(order.index, to);
    setMoved(`Moved to place ${to + 1} of ${order.count}.`);
  };
  return (
    <li className={styles.row} aria-label={ariaLabel}>
      <div className={styles.rowHeader}>
        <h3 className={styles.rowTitle}>{title}</h3>
        {order || onRemove ? (
          <div className={styles.rowActions}>
            {order ? (
              <>
                {/* aria-disabled, not disabled, at either end: a row moved there keeps the focus on its button. */}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-disabled={order.index === 0 || undefined}
                  onClick={() => move(order.index - 1)}
                >
                  <Icon name="chevron-up" size={16} />
                  {hidden(`Move ${target} up`)}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-disabled={order.index === order.count - 1 || undefined}
                  onClick={() => move(order.index + 1)}
                >
                  <Icon name="chevron-down" size={16} />
                  {hidden(`Move ${target} down`)}
                </Button>
                <span className="visually-hidden" role="status">
                  {moved}
                </span>
              </>
            ) : null}
            {onRemove ? <RemoveRowButton target={target} onRemove={onRemove} /> : null}
          </div>
        ) : null}
      </div>
      {children}
    </li>
  );
}

/**
 * A row's Remove, named for screen readers by what it removes ("Remove slot 2"): the focus goes on to the row that
 * takes its place, not to the body with the row (focusAfterRowRemoval).
 */
export function RemoveRowButton({ target, onRemove }: { target: string; onRemove: () => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      data-row-remove
      onClick={(event) => {
        focusAfterRowRemoval(event.currentTarget);
        onRemove();
      }}
    >
      <Icon name="trash" size={16} />
      Remove{hidden(` ${target}`)}
    </Button>
  );
}
