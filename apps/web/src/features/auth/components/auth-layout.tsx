import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../ui/icon.tsx';
import { PageMeta } from '../../../ui/page-meta.tsx';
import styles from './auth-layout.module.css';

interface AuthLayoutProps {
  /** The page title (with the brand appended) and, unless `heading` says otherwise, the h1. */
  title: string;
  heading?: ReactNode;
  intro?: ReactNode;
  /** A small icon above the heading for one-message screens (inbox, success, failure). */
  icon?: IconName;
  iconTone?: 'accent' | 'success' | 'danger';
  /** Links under the card: "New here? Sign up", "Back to sign in". */
  footer?: ReactNode;
  children?: ReactNode;
}

const moments = [
  { icon: 'frame', text: 'Collect limited editions from the brands you love' },
  { icon: 'flame', text: 'Evolve them through fusion' },
  { icon: 'users', text: 'Collaborate with a community of 15,000+ members' },
] as const;

/**
 * The frame of every account screen: on a phone the card alone, so the form is above the fold; from tablet
 * width up, a lit gallery wall beside it that says what the account is for.
 */
export function AuthLayout({ title, heading, intro, icon, iconTone = 'accent', footer, children }: AuthLayoutProps) {
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={title} />
      <section className={styles.card} aria-labelledby="auth-heading">
        {icon ? (
          <span className={`${styles.badge} ${styles[iconTone]}`} aria-hidden="true">
            <Icon name={icon} size={26} />
          </span>
        ) : null}
        <div className={styles.header}>
          <h1 id="auth-heading" className={styles.heading}>
            {heading ?? title}
          </h1>
          {intro ? <div className={styles.intro}>{intro}</div> : null}
        </div>
        {children}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </section>
      <aside className={styles.wall} aria-label="Why join">
        <div className={styles.frames} aria-hidden="true">
          <span className={`${styles.frame} ${styles.frameEpic}`} />
          <span className={`${styles.frame} ${styles.frameLegendary}`} />
          <span className={`${styles.frame} ${styles.frameRare}`} />
        </div>
        <p className={styles.wallTitle}>The next generation of digital collectibles</p>
        <ul className={styles.moments}>
          {moments.map((moment) => (
            <li key={moment.text} className={styles.moment}>
              <span className={styles.momentIcon} aria-hidden="true">
                <Icon name={moment.icon} size={18} />
              </span>
              {moment.text}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
