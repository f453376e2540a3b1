import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context.ts';
import { onModalChange, topmostModal } from './modal-layer.ts';
import { ToastItem } from './toast-item.tsx';
import styles from './toast.module.css';

interface ToastEntry extends ToastOptions {
  id: string;
}

// More than this and the oldest go first: a stack of toasts hides the page it is about.
const MAX_VISIBLE = 4;

let lastToastNumber = 0;

/**
 * Where the toasts are drawn: inside the modal dialog on top while one is open, else in the page. A modal dialog is
 * drawn above everything in the page (the browser's top layer) and makes the page inert, so a toast shown while one
 * is open was drawn beneath its backdrop, out of sight and out of reach until it closed. Looked for again whenever the
 * toasts change and whenever a dialog opens or closes (modal-layer.ts): a toast in a dialog that closes, or leaves
 * with its page, comes back to the page.
 */
function useToastHost(toasts: readonly ToastEntry[]): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  const hasToasts = useRef(false);
  useEffect(() => {
    hasToasts.current = toasts.length > 0;
    setHost(hasToasts.current ? topmostModal() : null);
  }, [toasts]);
  useEffect(() => onModalChange(() => setHost(hasToasts.current ? topmostModal() : null)), []);
  return host;
}

/** Holds the toasts of the whole app; `useToast()` below it shows and dismisses them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);

  const dismissToast = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((options: ToastOptions) => {
    const id = `toast-${++lastToastNumber}`;
    setToasts((current) => [...current, { ...options, id }].slice(-MAX_VISIBLE));
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);
  const host = useToastHost(toasts);

  const region = (
    <section className={styles.region} aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} {...toast} onDismiss={dismissToast} />
      ))}
    </section>
  );
  return (
    <ToastContext value={api}>
      {children}
      {host ? createPortal(region, host) : region}
    </ToastContext>
  );
}
