import { APP_VERSION, COMMUNITY_TEXT, PAGE_TITLE } from '@cypher/contract';
import { Link } from 'react-router';
import { appConfig } from '../config.ts';
import { useServerRender } from '../lib/server-render.ts';
import { BrandLogo } from '../ui/brand-logo.tsx';
import { mainNavItems } from './nav-items.ts';
import styles from './site-footer.module.css';

const legalLinks = [
  { label: 'Terms of service', to: '/terms#tos' },
  { label: 'Privacy policy', to: '/terms#privacy' },
  { label: 'Cookie policy', to: '/terms#cookie' },
];

const helpLinks = [
  { label: 'Guide', to: '/guide' },
  { label: 'Redeem a code', to: '/profile/redeem' },
  { label: 'Daily check-in', to: '/tickets/attendance' },
];

/** The year in the reader's zone; while the server's HTML is matched, in the zone it rendered in. */
function useYear(): string {
  const server = useServerRender();
  const zone = server ? (server.timeZone ?? 'UTC') : undefined;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: zone }).format(server?.now ?? Date.now());
}

export function SiteFooter() {
  const year = useYear();
  const columns = [
    { heading: 'Explore', links: mainNavItems.filter((item) => item.to !== '/guide') },
    { heading: 'Help', links: helpLinks },
    { heading: 'Legal', links: legalLinks },
  ];

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.top}`}>
        <div className={styles.about}>
          <BrandLogo />
          <p>
            {PAGE_TITLE}. Join {COMMUNITY_TEXT}.
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className={styles.heading}>{column.heading}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {year} {appConfig.brandName}. All rights reserved.
        </p>
        <p className={styles.version}>Version {APP_VERSION}</p>
      </div>
    </footer>
  );
}
