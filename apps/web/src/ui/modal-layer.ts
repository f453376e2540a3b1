/**
 * The app's modal dialogs (dialog.tsx) say when one opens or closes, for what must be drawn above the page (the
 * toasts): a modal dialog is drawn above everything else in the browser's top layer and makes the page inert. A
 * dialog's own `close` event is no use for this: a dialog that leaves with its page is closed after it has left the
 * document, where no listener on the document hears it.
 */
const listeners = new Set<() => void>();

export function announceModalChange(): void {
  for (const listener of listeners) listener();
}

export function onModalChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The modal dialog on top, if one is open (one opened from another comes after it in the document). */
export function topmostModal(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open[open.length - 1] ?? null;
}
