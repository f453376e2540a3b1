import { useCallback, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { appConfig } from '../config.ts';
import { NotificationsBell } from '../features/notifications/components/notifications-bell.tsx';
import { useSession } from '../lib/session.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icon.tsx';
import { AccountMenu } from './account-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { mainNavItems } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { useAuthLinks } from './use-auth-links.ts';
import styles from './site-header.module.css';

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  // Whatever leads to another page (a link in the header, the browser's Back) closes it, and with it the inert page
  // behind it; coming Back to the page it was opened on does not open it again.
  const { key: pageKey } = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [menuPageKey, setMenuPageKey] = useState(pageKey);
  if (menuPageKey !== pageKey) {
    setMenuPageKey(pageKey);
    setIsMenuOpen(false);
  }
  const { isLoggedIn } = useSession();
  const authLinks = useAuthLinks();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    setIsMenuOpen(false);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  // The menu sits beside the header, not inside it: the header's backdrop-filter would become the containing
  // block of the menu's position: fixed and clip it to the header's height.
  return (
    <>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <Link to="/" className={styles.home} aria-label={`${appConfig.brandName} home`}>
            <BrandLogo />
          </Link>
          <nav className={styles.nav} aria-label="Main">
            <ul className={styles.navList}>
              {mainNavItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.actions}>
            <ThemeToggle />
            {isLoggedIn ? <NotificationsBell /> : null}
            {isLoggedIn ? (
              <AccountMenu />
            ) : (
              <>
                <ButtonLink to={authLinks.signIn} variant="ghost" size="sm" className={styles.signIn}>
                  Sign in
                </ButtonLink>
                <ButtonLink to={authLinks.signUp} variant="primary" size="sm">
                  Sign up
                </ButtonLink>
              </>
            )}
            <button
              ref={menuButtonRef}
              type="button"
              className={`${styles.iconButton} ${styles.menuButton}`}
              aria-expanded={isMenuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              <Icon name={isMenuOpen ? 'close' : 'menu'} />
            </button>
          </div>
        </div>
      </header>
      <MobileMenu id={MOBILE_MENU_ID} isOpen={isMenuOpen} onClose={closeMenu} />
    </>
  );
}
