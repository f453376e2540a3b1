import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icon.tsx';
import { mainNavItems } from './nav-items.ts';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  id: string;
  isOpen: boolean;
  onClose: (options: { returnFocus: boolean }) => void;
}

/** The navigation on small screens: a full-height panel under the header, closed by a link, Escape or the button. */
export function MobileMenu({ id, isOpen, onClose }: MobileMenuProps) {
  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose({ returnFocus: true });
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen, onClose]);

  const closeAfterNavigation = () => onClose({ returnFocus: false });

  return (
    <div id={id} className={styles.menu} hidden={!isOpen}>
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
      <div className={styles.actions}>
        <ButtonLink to="/signup" variant="primary" size="lg" isBlock onClick={closeAfterNavigation}>
          Sign up
        </ButtonLink>
        <ButtonLink to="/signin" variant="secondary" size="lg" isBlock onClick={closeAfterNavigation}>
          Sign in
        </ButtonLink>
      </div>
    </div>
  );
}
