import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { Button } from '../ui/button.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icon.tsx';
import { useAccountName, useAccountNavItems } from './account-menu.tsx';
import { currentAccountItem, mainNavItems } from './nav-items.ts';
import { useAuthLinks } from './use-auth-links.ts';
import { useSignOut } from './use-sign-out.ts';
import styles from './mobile-menu.module.css';

/** Where the header shows its own navigation and the menu is hidden (mobile-menu.module.css). */
const WIDE_ENOUGH_FOR_THE_HEADER = '(min-width: 1024px)';

interface MobileMenuProps {
  id: string;
  isOpen: boolean;
  onClose: (options: { returnFocus: boolean }) => void;
}

/**
 * The navigation on small screens: a full-height panel under the header, closed by a link, Escape or the button.
 * While it is open the page behind it is inert (DESIGN.md: an overlay keeps focus inside), so Tab goes from its last
 * link back round to the header, which holds the button that closes it, never into the hidden page.
 */
export function MobileMenu({ id, isOpen, onClose }: MobileMenuProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const menu = menuRef.current;
    if (!isOpen || !menu?.parentElement) return;
    const behind = [...menu.parentElement.children].filter(
      (element) => element !== menu && element.tagName !== 'HEADER' && !element.hasAttribute('inert'),
    );
    for (const element of behind) element.setAttribute('inert', '');
    return () => {
      for (const element of behind) element.removeAttribute('inert');
    };
  }, [isOpen]);

  // A window widened past the breakpoint (a tablet turned) hides the menu: it closes too, or the page behind it would
  // stay inert with nothing on screen to close it.
  useEffect(() => {
    const wide = isOpen ? window.matchMedia?.(WIDE_ENOUGH_FOR_THE_HEADER) : undefined;
    if (!wide) return;
    const closeWhenWide = () => {
      if (wide.matches) onClose({ returnFocus: false });
    };
    closeWhenWide();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [isOpen, onClose]);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose({ returnFocus: true });
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen, onClose]);

  const closeAfterNavigation = () => onClose({ returnFocus: false });
  const { isLoggedIn } = useSession();
  const authLinks = useAuthLinks();
  const { name } = useAccountName();
  const { signOut, isPending } = useSignOut();
  const accountItems = useAccountNavItems();
  const currentAccountLink = currentAccountItem(accountItems, useLocation());

  return (
    <div ref={menuRef} id={id} className={styles.menu} hidden={!isOpen}>
      <nav aria-label="Main">
        <ul className={styles.list}>
          {mainNavItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={styles.link} onClick={closeAfterNavigation}>
                {item.label}
                <Icon name="arrow-right" />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {isLoggedIn ? (
        <nav aria-label="Account" className={styles.account}>
          <p className={styles.signedInAs}>
            Signed in as <strong>{name}</strong>
          </p>
          <ul className={styles.accountList}>
            {accountItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={styles.accountLink}
                  aria-current={item.to === currentAccountLink ? 'page' : undefined}
                  onClick={closeAfterNavigation}
                >
                  <Icon name={item.icon} size={18} />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="lg"
            isBlock
            isLoading={isPending}
            onClick={() => void signOut().then(() => onClose({ returnFocus: true }))}
          >
            <Icon name="log-out" size={18} />
            Sign out
          </Button>
        </nav>
      ) : (
        <div className={styles.actions}>
          <ButtonLink to={authLinks.signUp} variant="primary" size="lg" isBlock onClick={closeAfterNavigation}>
            Sign up
          </ButtonLink>
          <ButtonLink to={authLinks.signIn} variant="secondary" size="lg" isBlock onClick={closeAfterNavigation}>
            Sign in
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
