import { Children, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import { announceModalChange } from './modal-layer.ts';
import styles from './dialog.module.css';

interface DialogProps {
  isOpen: boolean;
  /** Called for Escape, the close button and a click on the backdrop; the owner decides whether to close. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /**
   * `lg` for moments that show a grid (a pack's editions revealed); `wide` for a form whose whole choice must be in
   * sight at once, in two columns on wide screens (the purchase popup); other forms keep the default width.
   */
  size?: 'md' | 'wide' | 'lg';
  /**
   * A request the dialog sent is on its way: Escape, the close button and the backdrop do nothing until it answers,
   * and the close button says so (closed meanwhile, the page looked idle while the request still ran). The button
   * stays focusable (`aria-disabled`, not `disabled`), so focus on it is not dropped to the page behind.
   */
  isBusy?: boolean;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector));
}

/**
 * A modal dialog on the native <dialog> (the browser makes the page behind it inert). Focus moves in on open, Tab
 * cycles inside, Escape asks the owner to close, and focus returns to whatever opened it.
 */
/**
 * Focus goes back to what opened the dialog. When that left the page meanwhile (a pack's card moves from Unopened to
 * its rarity's group once the pack is opened), to a link to the same place if there is one, else to the main content:
 * focus on a removed element falls to the body, and the next Tab started again at the skip link.
 */
function returnFocusTo(opener: HTMLElement | null) {
  if (!opener || opener.isConnected) {
    opener?.focus();
    return;
  }
  const href = opener.getAttribute('href');
  const sameLink = href
    ? [...document.querySelectorAll<HTMLElement>('a[href]')].find((link) => link.getAttribute('href') === href)
    : undefined;
  if (sameLink) sameLink.focus();
  else document.getElementById('main')?.focus({ preventScroll: true });
}

export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  footer,
  children,
  size = 'md',
  isBusy = false,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const requestClose = () => {
    if (!isBusy) onClose();
  };
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    announceModalChange();
    // `data-autofocus` marks what takes the focus as the dialog opens: React writes no `autofocus` attribute in the
    // browser, and its own autoFocus runs before the dialog is shown, when nothing in it can take the focus.
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0] ?? dialog;
    first.focus();
    return () => {
      if (dialog.open) dialog.close();
      announceModalChange();
      returnFocusTo(opener);
    };
  }, [isOpen]);

  // Escape is handled here as well as in onCancel so it behaves the same in every browser; Tab wraps around
  // inside the dialog, so keyboard focus never leaves it for the page underneath.
  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className={size === 'md' ? styles.dialog : `${styles.dialog} ${styles[size]}`}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      onCancel={(event) => {
        // The browser would close the dialog itself on Escape; the owner's state decides instead.
        event.preventDefault();
        requestClose();
      }}
      onKeyDown={handleKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      {isOpen ? (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button
              type="button"
              className={styles.close}
              onClick={requestClose}
              aria-label="Close"
              aria-disabled={isBusy || undefined}
            >
              <Icon name="close" />
            </button>
          </div>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
          {/* Only what renders: a caller's `{note}{error}` of nulls is no body, and an empty one left a gap. */}
          {Children.toArray(children).length > 0 ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}
