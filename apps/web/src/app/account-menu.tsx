import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useIsOperator } from '../api/console-me.ts';
import { useMyUser } from '../api/my-user.ts';
import { useSession } from '../lib/session.ts';
import { publicProfilePath } from '../lib/user-paths.ts';
import { FixedWidthImage } from '../ui/fixed-width-image.tsx';
import { Icon, type IconName } from '../ui/icon.tsx';
import { accountNavItems, consoleNavItem } from './nav-items.ts';
import { useSignOut } from './use-sign-out.ts';
import styles from './account-menu.module.css';

/**
 * What to call the signed-in person (their nickname once they have one, else their email), and their photo;
 * `isKnown` is false until either has been read (a new browser's first page), when the name is "Your account".
 */
export function useAccountName(): {
  name: string;
  isKnown: boolean;
  email: string | undefined;
  photoUrl: string | null;
} {
  const { userInfo } = useSession();
  const { user } = useMyUser();
  const email = user?.email ?? userInfo?.email;
  const nickname = user?.nickname ?? userInfo?.nickname;
  const known = nickname || email;
  return { name: known || 'Your account', isKnown: Boolean(known), email, photoUrl: user?.photoUrl ?? null };
}

/**
 * The signed-in person's links, shared by the account menu and the mobile menu: the console for operators, their own
 * public profile once their record has arrived (its address holds their id), then the fixed account links.
 */
export function useAccountNavItems(): ReadonlyArray<{ label: string; to: string; icon: IconName }> {
  const isOperator = useIsOperator();
  const { user } = useMyUser();
  return [
    ...(isOperator ? [consoleNavItem] : []),
    ...(user ? [{ label: 'View public profile', to: publicProfilePath(user.id), icon: 'eye' as const }] : []),
    ...accountNavItems,
  ];
}

/**
 * The header's account button for a signed-in user: a disclosure (button + panel of links), closed by Escape,
 * a click elsewhere, the focus moving out of it, or following one of its links.
 */
export function AccountMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const { name, isKnown, email, photoUrl } = useAccountName();
  const { signOut, isPending } = useSignOut();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const items = useAccountNavItems();

  // Following a link (or any navigation, a tab's query too: Purchases from /payment) closes the panel.
  useEffect(() => setIsOpen(false), [location.key]);

  useEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  return (
    <div
      ref={rootRef}
      className={styles.account}
      // Tabbing out of the panel (past Sign out, or back before the button) closes it: left open, it covered what the
      // focus moved on to. A blur to nowhere (another window) leaves it as it is.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setIsOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {photoUrl ? (
            <FixedWidthImage src={photoUrl} shownWidth={30} width={30} height={30} />
          ) : isKnown ? (
            name.charAt(0).toUpperCase()
          ) : (
            // Not "Y" for "Your account": a letter that is not theirs, until their name arrives.
            <Icon name="user" size={16} />
          )}
        </span>
        <span className="visually-hidden">Account menu for </span>
        <span className={styles.name}>{name}</span>
        <Icon name="chevron-down" size={16} className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!isOpen}>
        {email ? (
          <p className={styles.signedInAs}>
            Signed in as <strong>{email}</strong>
          </p>
        ) : null}
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={styles.item}>
                <Icon name={item.icon} size={18} />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className={styles.item} disabled={isPending} onClick={() => void signOut()}>
          <Icon name="log-out" size={18} />
          Sign out
        </button>
      </div>
    </div>
  );
}
