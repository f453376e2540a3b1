import { Link } from 'react-router';
import { Icon } from '../../ui/icon.tsx';
import { ConsoleFrame } from './components/console-frame.tsx';
import { ConsoleHeader } from './components/console-header.tsx';
import { useOperator } from './components/operator-context.ts';
import { visibleSections } from './console-sections.ts';
import styles from './components/console-home.module.css';

function Overview() {
  const me = useOperator();
  return (
    <>
      <ConsoleHeader
        title="Console"
        description={
          me.isAdmin
            ? 'Run the catalogue: brands, their licenses, collections, products and figure bases, drops, the home page banners, withdrawals and the ledger, and who may do what.'
            : 'Keep your brands’ pages, licenses, collections, products and figure bases up to date, and schedule their drops.'
        }
      />
      <ul className={styles.cards}>
        {visibleSections(me).map((section) => (
          <li key={section.id}>
            <Link to={`/console/${section.id}`} className={styles.card}>
              <span className={styles.icon} aria-hidden="true">
                <Icon name={section.icon} size={22} />
              </span>
              <span className={styles.title}>{section.label}</span>
              <span className={styles.description}>{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** `/console`: what this operator can do, one card per section. */
export default function ConsoleHomePage() {
  return (
    <ConsoleFrame title="Overview">
      <Overview />
    </ConsoleFrame>
  );
}
