import { useCallback, useState } from 'react';
import { safeRedirectPath } from './safe-redirect.ts';
import { tabStorage } from './storage.ts';

/**
 * Where to come back to after adding funds (the drop whose purchase popup said "insufficient funds"). The payment
 * provider's checkout always returns to `/payment?deposit=<id>`, so the page that sends someone to add funds passes
 * `returnTo` in the address, and the payment page keeps it for this tab in sessionStorage across the provider's
 * round trip. Only paths on this site are kept (safeRedirectPath), and only for an hour.
 */
const KEY = 'cypher:fundsReturnTo';
const MAX_AGE_MS = 60 * 60 * 1_000;

/**
 * `/payment?tab=add-funds&returnTo=...`: the add-funds tab, with a way back to `returnTo`. With `shortfallCents`
 * (what a purchase lacks: its total minus the balance, in USD cents) the amount comes filled in with it.
 */
export function addFundsPath(returnTo: string, shortfallCents?: number | null): string {
  const shortfall = shortfallCents && shortfallCents > 0 ? `&shortfall=${shortfallCents}` : '';
  return `/payment?tab=add-funds&returnTo=${encodeURIComponent(returnTo)}${shortfall}`;
}

/** The `shortfall` of an add-funds address, in USD cents; null when there is none or it is not a whole amount. */
export function shortfallFrom(value: string | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const cents = Number(value);
  return cents > 0 ? cents : null;
}

function rememberFundsReturnPath(returnTo: string | null | undefined): void {
  const path = safeRedirectPath(returnTo, null);
  if (!path) return;
  try {
    tabStorage()?.setItem(KEY, JSON.stringify({ path, savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the person finds their way back by hand.
  }
}

function fundsReturnPath(): string | null {
  const raw = tabStorage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const { path, savedAt } = JSON.parse(raw) as { path?: unknown; savedAt?: unknown };
    if (typeof path !== 'string' || typeof savedAt !== 'number' || Date.now() - savedAt > MAX_AGE_MS) return null;
    return safeRedirectPath(path, null);
  } catch {
    return null;
  }
}

function forgetFundsReturnPath(): void {
  tabStorage()?.removeItem(KEY);
}

/** "Back to the drop" for a drop's page, else a plain "Go back". */
export function fundsReturnLabel(path: string): string {
  return /^\/drops\/[^/?#]+/.test(path) ? 'Back to the drop' : 'Go back';
}

/**
 * The return path for the payment page: the address's `returnTo` (kept for the provider's round trip) or the one
 * kept earlier in this tab. `forget` once it has been followed.
 */
export function useFundsReturnPath(fromAddress: string | null): { path: string | null; forget: () => void } {
  const [path, setPath] = useState(() => {
    if (fromAddress) rememberFundsReturnPath(fromAddress);
    return fundsReturnPath();
  });
  const forget = useCallback(() => {
    forgetFundsReturnPath();
    setPath(null);
  }, []);
  return { path, forget };
}
