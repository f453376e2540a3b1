import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context.ts';
import { ToastItem } from './toast-item.tsx';
import styles from './toast.module.css';

interface ToastEntry extends ToastOptions {
  id: string;
}

// More than this and the oldest go first: a stack of toasts hides the page it is about.
const MAX_VISIBLE = 4;

let lastToastNumber = 0;

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

  return (
    <ToastContext value={api}>
      {children}
      <section className={styles.region} aria-label="Notifications" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} {...toast} onDismiss={dismissToast} />
        ))}
      </section>
    </ToastContext>
  );
}
